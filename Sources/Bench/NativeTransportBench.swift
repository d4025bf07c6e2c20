#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// GETs of one loopback URL by the native HTTP/1.1 transport, beside raw `URLSession` (a
    /// `dataTask` on a default-configuration session) and `wrk`: requests per second and the
    /// process's CPU time per request, sequential and wide, each client for a fixed time per round,
    /// rounds interleaved (A B C D A B C D …), medians reported.
    struct NativeTransportBench {
        /// Who sends the requests.
        enum Client: String {
            case rawURLSession = "raw URLSession"
            case native = "HTTP1Transport"
            case courierNative = "Courier + RoutingTransport"
            /// The same without the cookie storage shared with URLSession: what the lookup costs.
            case courierNativeNoCookies = "Courier + RoutingTransport, cookies off"
        }

        struct Figures {
            let width: Int
            /// Median requests per second of each client.
            let perSecond: [Client: Double]
            /// Median CPU time of the whole process (every thread, user and system) per request,
            /// in microseconds, of each client.
            let cpuMicrosPerRequest: [Client: Double]
            /// wrk's requests per second with `width` connections, `nil` when wrk is not installed.
            let wrkPerSecond: Double?
            /// Calls that failed, all rounds and clients together; a figure with failures is void.
            let failures: Int

            var label: String { width == 1 ? "sequential" : "\(width) wide" }

            func ratio(_ client: Client) -> Double {
                (perSecond[client] ?? .nan) / (perSecond[.rawURLSession] ?? .nan)
            }
        }

        let url: URL
        let rounds: Int
        let secondsPerRound: Double

        func run(width: Int) async -> Figures {
            let rawSession = URLSession(configuration: .default)
            let options = HTTP1Transport.Options(maximumConnectionsPerHost: max(32, width))
            let native = HTTP1Transport(options: options)
            let provider = Provider<LiveBench.Target>(transport: RoutingTransport(nativeOptions: options))
            let cookieless = Provider<LiveBench.Target>(
                transport: RoutingTransport(nativeOptions: options, sharesCookies: false))
            let target = LiveBench.Target(url: url)
            let url = url
            let calls: [(Client, @Sendable () async throws -> Void)] = [
                (.rawURLSession, { try await LiveBench.rawGET(rawSession, url) }),
                (.native, { try Self.expectOK(await native.send(TransportRequest(urlRequest: URLRequest(url: url)))) }),
                (.courierNative, { _ = try await provider.request(target) }),
                (.courierNativeNoCookies, { _ = try await cookieless.request(target) }),
            ]
            var samples: [Client: [Double]] = [:]
            var cpu: [Client: [Double]] = [:]
            var failures = 0
            for (_, call) in calls {
                // Warm-up: connections opened, caches filled.
                _ = await measure(width: width, seconds: 0.2, call)
            }
            for _ in 0..<rounds {
                for (client, call) in calls {
                    let round = await measure(width: width, seconds: secondsPerRound, call)
                    samples[client, default: []].append(round.perSecond)
                    cpu[client, default: []].append(round.cpuMicrosPerRequest)
                    failures += round.failed
                }
            }
            rawSession.invalidateAndCancel()
            return Figures(
                width: width, perSecond: samples.mapValues(Stopwatch.median),
                cpuMicrosPerRequest: cpu.mapValues(Stopwatch.median),
                wrkPerSecond: Self.wrk(url: url, connections: width, seconds: max(1, secondsPerRound * 2)),
                failures: failures)
        }

        /// Sequential GETs through a bare ``HTTP1Transport`` for `secondsPerRound`: requests per
        /// second (what `--native-only` profiles).
        func runNativeOnly() async -> Double {
            let native = HTTP1Transport()
            let url = url
            return await measure(width: 1, seconds: secondsPerRound) {
                try Self.expectOK(await native.send(TransportRequest(urlRequest: URLRequest(url: url))))
            }.perSecond
        }

        /// Throws unless `response` is a `200`.
        private static func expectOK(_ response: TransportResponse) throws {
            guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
        }

        /// What one round of one client measured.
        private struct Round {
            let perSecond: Double
            let cpuMicrosPerRequest: Double
            let failed: Int
        }

        /// Requests per second of `call` (one that throws fails) from `width` tasks for `seconds`,
        /// the process's CPU time per request, and how many calls failed.
        private func measure(
            width: Int, seconds: Double, _ call: @escaping @Sendable () async throws -> Void
        ) async -> Round {
            var outcome = (completed: 0, failed: 0)
            let (elapsed, cpuSeconds) = await Stopwatch.timeWithCPU {
                outcome = await CallsForAWhile.run(width: width, seconds: seconds, call)
            }
            let (completed, failed) = outcome
            return Round(
                perSecond: Double(completed) / elapsed,
                cpuMicrosPerRequest: cpuSeconds / Double(max(1, completed)) * 1e6,
                failed: failed)
        }

        /// wrk's requests per second for `url` with `connections` connections; `nil` without wrk.
        static func wrk(url: URL, connections: Int, seconds: Double) -> Double? {
            let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin")
                .split(separator: ":").map { "\($0)/wrk" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let path else { return nil }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            let threads = min(connections, max(1, ProcessInfo.processInfo.activeProcessorCount))
            process.arguments = [
                "-t\(threads)", "-c\(connections)", "-d\(Int(seconds.rounded(.up)))s", url.absoluteString,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix("Requests/sec:") }
            return line.flatMap { Double($0.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces)) }
        }
    }
#endif
