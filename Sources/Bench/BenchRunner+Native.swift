#if os(Linux)
    import Foundation

    /// The native transport's rows, on Linux, where it exists.
    extension BenchRunner {
        /// The native transport's rows: its requests per second against raw `URLSession`'s, and
        /// against wrk's for the same URL when wrk is installed.
        func appendNative(url: URL, to report: inout Report) async {
            let bench = NativeTransportBench(
                url: url, rounds: arguments.quick ? 2 : 5, secondsPerRound: arguments.quick ? 0.3 : 1)
            for width in [1, 32] {
                let figures = await bench.run(width: width)
                let raw = figures.perSecond[.rawURLSession] ?? .nan
                let rawCPU = figures.cpuMicrosPerRequest[.rawURLSession] ?? .nan
                for client in [NativeTransportBench.Client.native, .courierNative, .courierNativeNoCookies] {
                    guard let perSecond = figures.perSecond[client] else { continue }
                    let cpu = figures.cpuMicrosPerRequest[client] ?? .nan
                    report.rows.append(
                        Row(
                            "native \(figures.label): \(client.rawValue) (req/s) vs URLSession", format(perSecond),
                            format(raw), format(figures.ratio(client)), client == .native ? "≥ 5" : "-"
                        ))
                    report.rows.append(
                        Row(
                            "  same, CPU µs per request (whole process)", format(cpu), format(rawCPU),
                            format(cpu / rawCPU),
                            "-"))
                    let key =
                        switch client {
                        case .native: "native"
                        case .courierNativeNoCookies: "native_provider_cookieless"
                        default: "native_provider"
                        }
                    report.figures["\(key).\(width).rps"] = perSecond
                    report.figures["\(key).\(width).ratio"] = figures.ratio(client)
                    report.figures["\(key).\(width).cpu_us"] = cpu
                }
                report.figures["native.\(width).raw_rps"] = raw
                report.figures["native.\(width).raw_cpu_us"] = rawCPU
                report.figures["native.\(width).failures"] = Double(figures.failures)
                if let wrk = figures.wrkPerSecond {
                    let native = figures.perSecond[.native] ?? .nan
                    report.rows.append(
                        Row(
                            "  same, HTTP1Transport vs wrk, \(width) connection\(width == 1 ? "" : "s")",
                            format(native),
                            format(wrk), format(native / wrk), width == 1 ? "aim 0.75" : "aim 0.6"
                        ))
                    report.figures["native.\(width).wrk_rps"] = wrk
                    report.figures["native.\(width).wrk_ratio"] = native / wrk
                }
                if figures.failures > 0 {
                    report.rows.append(Row("  calls that failed (figures void)", "\(figures.failures)", "", "", "0"))
                }
            }
        }

        /// The row of 32 native calls beside CPU work on the cooperative pool: how much of its rate
        /// the work kept, against what it would keep if the calls took only their own CPU share.
        func appendContended(url: URL, to report: inout Report) async {
            let bench = ContendedPoolBench(
                url: url, width: 32, rounds: arguments.quick ? 2 : 5, secondsPerPhase: arguments.quick ? 0.3 : 1)
            let figures = await bench.run()
            let fair = 1 - figures.callsShare
            report.rows.append(
                Row(
                    "native 32 wide beside pool work: work kept vs 1 − calls' CPU share", format(figures.workKept),
                    format(fair), format(figures.workKept / fair), "≥ 1"))
            report.rows.append(
                Row("  same, the calls' req/s beside the work", format(figures.requestsPerSecond), "", "", "-"))
            report.figures["contended.32.work_kept"] = figures.workKept
            report.figures["contended.32.calls_share"] = figures.callsShare
            report.figures["contended.32.rps"] = figures.requestsPerSecond
            report.figures["contended.32.failures"] = Double(figures.failures)
            if figures.failures > 0 {
                report.rows.append(Row("  calls that failed (figures void)", "\(figures.failures)", "", "", "0"))
            }
        }
    }
#endif
