#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What 32 concurrent native calls cost a service whose cooperative pool is busy with work of
    /// its own, as a server that calls other services while it computes is.
    ///
    /// Three phases of equal length, repeated for several rounds: the pool's work alone (one task per
    /// core hashing a buffer, yielding between pieces as request handlers do), the calls alone, then
    /// both at once. The calls' share of the machine is the machine's CPU time per request (from
    /// the calls-alone phase, the loopback server's included) times the requests they made beside
    /// the work, over the phase's CPU capacity. A transport that borrows the pool's threads (blocking or spinning on them) slows
    /// the work down by more than that share.
    struct ContendedPoolBench {
        struct Figures {
            /// The work's rate beside the calls over its rate alone, median of the rounds.
            let workKept: Double
            /// The calls' share of the machine's CPU while they ran beside the work, median.
            let callsShare: Double
            /// The calls' requests per second beside the work, median.
            let requestsPerSecond: Double
            /// Calls that failed, every round; a figure with failures is void.
            let failures: Int
        }

        let url: URL
        let width: Int
        let rounds: Int
        let secondsPerPhase: Double

        func run() async -> Figures {
            let transport = HTTP1Transport(options: .init(maximumConnectionsPerHost: width))
            let request = URLRequest(url: url)
            let call: @Sendable () async throws -> Void = {
                let response = try await transport.send(TransportRequest(urlRequest: request))
                guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
            }
            let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
            var kept: [Double] = []
            var shares: [Double] = []
            var rates: [Double] = []
            var failures = 0
            // Connections opened before anything is measured.
            _ = await CallsForAWhile.run(width: width, seconds: 0.2, call)
            for _ in 0..<rounds {
                let alone = await work(seconds: secondsPerPhase)
                // The machine's CPU, not the process's: the server answering the calls shares
                // the cores here, and the work beside the calls loses what it spends too.
                let cpuBefore = MachineCPU.busySeconds
                let callsAlone = await CallsForAWhile.run(width: width, seconds: secondsPerPhase, call)
                let cpuPerRequest = (MachineCPU.busySeconds - cpuBefore) / Double(max(1, callsAlone.completed))
                async let beside = CallsForAWhile.run(width: width, seconds: secondsPerPhase, call)
                let contended = await work(seconds: secondsPerPhase)
                let callsBeside = await beside
                kept.append(contended / alone)
                shares.append(cpuPerRequest * Double(callsBeside.completed) / (secondsPerPhase * cores))
                rates.append(Double(callsBeside.completed) / secondsPerPhase)
                failures += callsAlone.failed + callsBeside.failed
            }
            return Figures(
                workKept: Stopwatch.median(kept), callsShare: Stopwatch.median(shares),
                requestsPerSecond: Stopwatch.median(rates), failures: failures)
        }

        /// Pieces of work done per second by one task per core, each hashing a 64 KiB buffer per
        /// piece and yielding between pieces.
        private func work(seconds: Double) async -> Double {
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            let buffer = [UInt8](repeating: 0x5A, count: 64 * 1024)
            let tasks = ProcessInfo.processInfo.activeProcessorCount
            let pieces = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        var pieces = 0
                        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
                        while DispatchTime.now().uptimeNanoseconds < end {
                            for byte in buffer { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
                            pieces += 1
                            await Task.yield()
                        }
                        // The digest is used so that the optimizer keeps the loop.
                        return digest == 0 ? pieces + 1 : pieces
                    }
                }
                return await group.reduce(0, +)
            }
            return Double(pieces) / seconds
        }
    }

    /// CPU time the whole machine has spent busy, from `/proc/stat`.
    enum MachineCPU {
        /// User, nice, system, interrupt and soft-interrupt time of every CPU so far, in seconds.
        static var busySeconds: Double {
            guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
            else { return .nan }
            let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            guard ticks.count >= 7 else { return .nan }
            let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]
            return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }
#endif
