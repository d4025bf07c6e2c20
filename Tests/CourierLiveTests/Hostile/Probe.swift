import Foundation
import Testing

/// Runs `courier-probe` (Sources/Probe) for one call in a process of its own, and reads its report.
///
/// A process of its own measures the call's peak memory alone (a test in this process would see
/// every other test's allocations), and outlives nothing FoundationNetworking does: it aborts the
/// whole process on some answers.
struct Probe {
    /// What the probe printed, or how it died.
    struct Report {
        /// The call's outcome: `status N, M bytes` or `error: …`; `nil` when the probe died.
        var outcome: String?
        /// Peak resident memory during the call, above what it was before, in KiB.
        var peakGrowthKiB: Int
        /// Open file descriptors after the call minus before it.
        var leakedDescriptors: Int
        /// Seconds the call took.
        var seconds: Double
        /// CPU seconds the probe spent in the second after the call: network work that went on.
        var cpuSecondsAfter: Double
        /// The signal that ended the probe, if one did.
        var signal: Int32?
        /// What the probe wrote to standard error.
        var standardError: String
    }

    /// The probe's executable, built beside this test bundle.
    static var executable: URL {
        get throws {
            let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            let probe = folder.appendingPathComponent("courier-probe")
            guard FileManager.default.isExecutableFile(atPath: probe.path) else {
                throw ProbeMissing(path: probe.path)
            }
            return probe
        }
    }

    /// One probe at a time: each reads hundreds of MiB as fast as loopback goes, and several at
    /// once would starve the rest of the suite of both cores.
    private static let gate = OneAtATime()

    /// Runs the probe with `arguments`, after any other probe, and waits for it without blocking
    /// a thread.
    static func run(_ arguments: [String]) async throws -> Report {
        await gate.acquire()
        do {
            let report = try await runNow(arguments)
            await gate.release()
            return report
        } catch {
            await gate.release()
            throw error
        }
    }

    private static func runNow(_ arguments: [String]) async throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let errors = folder.appendingPathComponent("err")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
            FileManager.default.createFile(atPath: errors.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }

        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The probe measures its peak memory: under AddressSanitizer, no quarantine, or the freed
        // pieces of a 512 MiB transfer (up to 256 MiB of them) would count as held.
        environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "quarantine_size_mb=0"].compactMap { $0 }
            .joined(separator: ":")
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32, Bool), Never>) in
            process.terminationHandler = { process in
                continuation.resume(
                    returning: (process.terminationStatus, process.terminationReason == .uncaughtSignal))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: (-1, false))
            }
        }
        let standardError = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let printed = try Data(contentsOf: output)
        let json = (try? JSONSerialization.jsonObject(with: printed)) as? [String: Any] ?? [:]
        let number = { (key: String) in (json[key] as? NSNumber)?.intValue ?? 0 }
        return Report(
            outcome: json["outcome"] as? String,
            peakGrowthKiB: number("peakKiB") - number("baselineKiB"),
            leakedDescriptors: number("fdsAfter") - number("fdsBefore"),
            seconds: (json["seconds"] as? NSNumber)?.doubleValue ?? 0,
            cpuSecondsAfter: (json["cpuSecondsInTheSecondAfter"] as? NSNumber)?.doubleValue ?? 0,
            signal: status.1 ? status.0 : nil,
            standardError: standardError)
    }
}

/// The probe was not built beside the tests: the hostile suites fail rather than skip.
struct ProbeMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "courier-probe is not at \(path): build it with `swift build` (scripts/test does)" }
}

/// A lock for async code: one holder at a time, the others wait in turn.
private actor OneAtATime {
    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
