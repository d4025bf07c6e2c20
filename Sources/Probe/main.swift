import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// courier-probe: one call to a hostile server in a process of its own, for the hardening tests.
// A process of its own measures the call's peak memory alone, and survives nothing the call
// does to it: FoundationNetworking aborts the whole process on some answers.
//
//     courier-probe <urlsession|native|routing> <url> [--limit BYTES|none] [--download|--unlimited-download]
//                   [--stream] [--linger S]
//     courier-probe outbox <urlsession|native|routing> <folder> <base URL> <name> <count> [--hold]
//
// With --stream the body is streamed (`provider.bytes`) and read until `--limit` bytes or its end.
//
// Prints one JSON object: the outcome, the peak resident memory during the call and before it
// (VmHWM, reset through /proc/self/clear_refs), the open file descriptors before and after, and
// the CPU time the process spent in the second after the call (work that did not stop with it).

// courier-probe outbox …: a process that queues mutations and is killed (OutboxProbe.swift).
if CommandLine.arguments.dropFirst().first == "outbox" {
    exit(await OutboxProbe.run(Array(CommandLine.arguments.dropFirst(2))))
}

let arguments = ProbeArguments(CommandLine.arguments.dropFirst())
guard let arguments else {
    FileHandle.standardError.write(
        Data(
            ("usage: courier-probe <urlsession|native|routing> <url> [--limit BYTES|none]"
                + " [--download|--unlimited-download] [--stream] [--linger S]\n").utf8))
    exit(2)
}

let provider = Provider<ProbeTarget>(transport: arguments.makeTransport())
// A first call opens what a transport keeps for later ones (its session, threads, a pooled
// connection), so the figures below are the hostile call's own.
_ = try? await provider.request(ProbeTarget(url: arguments.healthURL, download: false))

let baseline = ProcessFigures.resetPeak()
let fdsBefore = ProcessFigures.openFileDescriptors()
let started = ContinuousClock.now
let outcome: String
do {
    if arguments.stream {
        var streamed: Int64 = 0
        for try await chunk in provider.bytes(ProbeTarget(url: arguments.url, download: false)) {
            streamed += Int64(chunk.count)
            if let limit = arguments.limit, streamed >= limit { break }
        }
        outcome = "streamed \(streamed) bytes"
    } else {
        let response = try await provider.request(ProbeTarget(url: arguments.url, download: arguments.download))
        var bytes = response.data.count
        if let file = response.fileURL {
            // A download's body is its file: its size is what the call wrote to disk.
            bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
            try? FileManager.default.removeItem(at: file)
        }
        outcome = "status \(response.statusCode), \(bytes) bytes"
    }
} catch {
    outcome = "error: \(error)"
}
let elapsed = ContinuousClock.now - started
// Whether the call's network work stopped with it: CPU time spent in the second after it, and
// (below) descriptors still open once `--linger` seconds have passed.
let cpuBefore = ProcessFigures.cpuSeconds()
try? await Task.sleep(nanoseconds: 1_000_000_000)
let cpuAfterCall = ProcessFigures.cpuSeconds() - cpuBefore
if arguments.linger > 1 { try? await Task.sleep(nanoseconds: UInt64((arguments.linger - 1) * 1e9)) }
let report: [String: any Sendable] = [
    "outcome": outcome,
    "seconds": Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
    "baselineKiB": baseline, "peakKiB": ProcessFigures.peak(), "fdsBefore": fdsBefore,
    "fdsAfter": ProcessFigures.openFileDescriptors(), "cpuSecondsInTheSecondAfter": cpuAfterCall,
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
FileHandle.standardOutput.write(json + Data("\n".utf8))
exit(0)
