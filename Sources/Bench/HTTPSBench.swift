#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// GETs over HTTPS on loopback (issue #25): the native transport beside raw `URLSession`,
    /// sequential and 32 wide, on keep-alive connections and on connections the server closes
    /// after every answer (each call pays a handshake, resumed when both sides allow it); requests
    /// per second and the process's CPU time per request, rounds interleaved, medians reported.
    ///
    /// FoundationNetworking reads no CA setting on Linux: scripts/bench runs the bench where the
    /// system's bundle holds the throwaway CA too (a mount namespace of its own), or raw
    /// `URLSession`'s calls fail and the rows say so.
    struct HTTPSBench {
        /// What one width and one kind of connection measured.
        struct Figures {
            let label: String
            let nativePerSecond: Double
            let rawPerSecond: Double
            let nativeCPUMicros: Double
            let rawCPUMicros: Double
            let failures: Int
            /// wrk's requests per second for the same URL and width, `nil` without wrk.
            let wrkPerSecond: Double?
        }

        let rounds: Int
        let secondsPerRound: Double
        /// The CA that signed the server's certificate, in PEM.
        let authority: Data

        func run(url: URL, width: Int, connections: String) async -> Figures {
            let rawSession = URLSession(configuration: .default)
            let native = HTTP1Transport(
                options: .init(
                    maximumConnectionsPerHost: max(32, width), tls: .init(additionalTrustRoots: [authority])))
            let calls: [@Sendable () async throws -> Void] = [
                { try await LiveBench.rawGET(rawSession, url) },
                {
                    let response = try await native.send(TransportRequest(urlRequest: URLRequest(url: url)))
                    guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
                },
            ]
            for call in calls { _ = await Self.measure(width: width, seconds: 0.2, call) }
            var perSecond: [[Double]] = [[], []]
            var cpu: [[Double]] = [[], []]
            var failures = 0
            for _ in 0..<rounds {
                for (index, call) in calls.enumerated() {
                    let round = await Self.measure(width: width, seconds: secondsPerRound, call)
                    perSecond[index].append(round.perSecond)
                    cpu[index].append(round.cpuMicros)
                    failures += round.failed
                }
            }
            rawSession.invalidateAndCancel()
            await native.shutdown()
            let wrk = NativeTransportBench.wrk(url: url, connections: width, seconds: max(1, secondsPerRound * 2))
            return Figures(
                label: "\(width == 1 ? "sequential" : "\(width) wide"), \(connections)",
                nativePerSecond: Stopwatch.median(perSecond[1]), rawPerSecond: Stopwatch.median(perSecond[0]),
                nativeCPUMicros: Stopwatch.median(cpu[1]), rawCPUMicros: Stopwatch.median(cpu[0]), failures: failures,
                wrkPerSecond: wrk)
        }

        private static func measure(
            width: Int, seconds: Double, _ call: @escaping @Sendable () async throws -> Void
        ) async -> (perSecond: Double, cpuMicros: Double, failed: Int) {
            var outcome = (completed: 0, failed: 0)
            let (elapsed, cpuSeconds) = await Stopwatch.timeWithCPU {
                outcome = await CallsForAWhile.run(width: width, seconds: seconds, call)
            }
            return (
                Double(outcome.completed) / elapsed, cpuSeconds / Double(max(1, outcome.completed)) * 1e6,
                outcome.failed
            )
        }
    }

    extension BenchRunner {
        /// The HTTPS rows: keep-alive and new connections, sequential and 32 wide.
        func appendHTTPS(keepAlive: URL, closing: URL?, authority: Data, to report: inout Report) async {
            let bench = HTTPSBench(
                rounds: arguments.quick ? 2 : 5, secondsPerRound: arguments.quick ? 0.3 : 1, authority: authority)
            let kinds =
                [(keepAlive, "keep-alive", "keepalive")] + (closing.map { [($0, "new connections", "new")] } ?? [])
            for (url, label, key) in kinds {
                for width in [1, 32] {
                    let figures = await bench.run(url: url, width: width, connections: label)
                    let ratio = figures.nativePerSecond / figures.rawPerSecond
                    report.rows.append(
                        Row(
                            "https \(figures.label): HTTP1Transport (req/s) vs URLSession",
                            format(figures.nativePerSecond), format(figures.rawPerSecond), format(ratio), "aim 5"))
                    report.rows.append(
                        Row(
                            "  same, CPU µs per request (whole process)", format(figures.nativeCPUMicros),
                            format(figures.rawCPUMicros), format(figures.nativeCPUMicros / figures.rawCPUMicros), "-"))
                    if let wrk = figures.wrkPerSecond {
                        report.rows.append(
                            Row(
                                "  same, HTTP1Transport vs wrk", format(figures.nativePerSecond), format(wrk),
                                format(figures.nativePerSecond / wrk), width == 1 ? "aim 0.75" : "aim 0.6"))
                        report.figures["https.\(key).\(width).wrk_rps"] = wrk
                        report.figures["https.\(key).\(width).wrk_ratio"] = figures.nativePerSecond / wrk
                    }
                    if figures.failures > 0 {
                        report.rows.append(
                            Row("  calls that failed (figures void)", "\(figures.failures)", "", "", "0"))
                    }
                    report.figures["https.\(key).\(width).native_rps"] = figures.nativePerSecond
                    report.figures["https.\(key).\(width).raw_rps"] = figures.rawPerSecond
                    report.figures["https.\(key).\(width).ratio"] = ratio
                    report.figures["https.\(key).\(width).native_cpu_us"] = figures.nativeCPUMicros
                    report.figures["https.\(key).\(width).raw_cpu_us"] = figures.rawCPUMicros
                    report.figures["https.\(key).\(width).failures"] = Double(figures.failures)
                }
            }
        }
    }
#endif
