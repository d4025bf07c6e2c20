import Foundation

/// Runs every benchmark and formats the figures.
struct BenchRunner {
    let arguments: BenchArguments

    struct Row {
        let name: String
        let courier: String
        let baseline: String
        let ratio: String
        let target: String

        init(_ name: String, _ courier: String, _ baseline: String, _ ratio: String, _ target: String) {
            self.name = name
            self.courier = courier
            self.baseline = baseline
            self.ratio = ratio
            self.target = target
        }

        var cells: [String] { [name, courier, baseline, ratio, target] }
    }

    struct Report {
        var rows: [Row] = []
        var figures: [String: Double] = [:]

        var table: String {
            let header = Row("benchmark", "Courier", "baseline", "ratio", "target")
            let all = [header] + rows
            var widths = [Int](repeating: 0, count: 5)
            for row in all {
                for (column, cell) in row.cells.enumerated() { widths[column] = max(widths[column], cell.count) }
            }
            return all.map { row in
                row.cells.enumerated().map { column, cell in
                    cell + String(repeating: " ", count: widths[column] - cell.count)
                }.joined(separator: "  ")
            }.joined(separator: "\n")
        }

        var json: Data {
            (try? JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        }
    }

    func run() async -> Report {
        var report = Report()
        let scale = arguments.quick ? 10 : 1

        if arguments.aloneRows {
            appendAlone(await StubAloneBench.run(iterations: 20_000 / scale, rounds: 12), to: &report)
            return report
        }
        let stub = await StubPipelineBench.run(iterations: 20_000 / scale, rounds: 8)
        report.rows.append(
            Row(
                "stub pipeline (µs/call) vs bare decode", format(stub.courierMicros), format(stub.bareMicros),
                format(stub.ratio), "≤ 1.2"
            ))
        report.rows.append(
            Row(
                "  same, logger output eager (formats, drops)", format(stub.eagerLoggerMicros),
                format(stub.bareMicros), format(stub.eagerLoggerRatio), "-"
            ))
        report.figures["stub.courier_us"] = stub.courierMicros
        report.figures["stub.bare_us"] = stub.bareMicros
        report.figures["stub.ratio"] = stub.ratio
        report.rows.append(
            Row(
                "  floor: a URLRequest built by hand + bare decode", format(stub.floorMicros), format(stub.bareMicros),
                format(stub.floorRatio), "-"))
        report.figures["stub.floor_us"] = stub.floorMicros
        report.figures["stub.floor_ratio"] = stub.floorRatio
        report.figures["stub.eager_logger_us"] = stub.eagerLoggerMicros
        report.figures["stub.eager_logger_ratio"] = stub.eagerLoggerRatio

        appendAlone(await StubAloneBench.run(iterations: 20_000 / scale, rounds: 12), to: &report)

        for (bytes, iterations) in [(1_000, 20_000 / scale), (1_000_000, max(3, 30 / scale))] {
            let envelope = await EnvelopeBench.run(bytes: bytes, iterations: iterations, rounds: 5)
            report.rows.append(
                Row(
                    "envelope \(envelope.label): one pass vs two (µs)", format(envelope.onePassMicros),
                    format(envelope.twoPassMicros), format(envelope.ratio), "< 1"
                ))
            report.figures["envelope.\(bytes).one_pass_us"] = envelope.onePassMicros
            report.figures["envelope.\(bytes).two_pass_us"] = envelope.twoPassMicros
            report.figures["envelope.\(bytes).ratio"] = envelope.ratio
        }

        if let url = arguments.liveURL {
            let live = LiveBench(
                url: url, rounds: arguments.quick ? 10 : 40, requestsPerRound: arguments.quick ? 100 : 500)
            for width in [1, 32] {
                appendLive(await live.run(width: width), width: width, to: &report)
            }
            #if os(Linux)
                await appendNative(url: url, to: &report)
                await appendContended(url: url, to: &report)
            #endif
        } else {
            report.rows.append(Row("live loopback", "skipped", "(no --url)", "-", "≥ 0.97"))
        }
        #if os(Linux)
            if let url = arguments.httpsURL, let path = arguments.certificateAuthorityPath,
                let authority = FileManager.default.contents(atPath: path)
            {
                await appendHTTPS(keepAlive: url, closing: arguments.httpsClosingURL, authority: authority, to: &report)
            }
        #endif

        if let memory = await MemoryBench.run(calls: 100_000 / scale) {
            report.rows.append(
                Row(
                    "RSS growth over \(memory.calls) stubbed calls", "\(memory.growth / 1024) KiB",
                    "\(memory.afterWarmUp / 1024 / 1024) MiB after warm-up", "-", "< 5 MB"
                ))
            report.figures["memory.growth_bytes"] = Double(memory.growth)
            report.figures["memory.after_warmup_bytes"] = Double(memory.afterWarmUp)
        }
        return report
    }

    /// The live rows of one width: Courier, `URLSession.shared`, `URLSessionTransport` alone and
    /// after 5 µs of work per call, each against raw `URLSession` by the paired ratio of their
    /// rounds, and the CPU time per request.
    private func appendLive(_ figures: LiveBench.Figures, width: Int, to report: inout Report) {
        let raw = figures.perSecond[.raw] ?? .nan
        let rawCPU = figures.cpuMicros[.raw] ?? .nan
        for client in [LiveBench.Client.courier, .shared, .transport, .transportAfterWork] {
            guard let perSecond = figures.perSecond[client], let ratio = figures.ratios[client] else { continue }
            let name =
                client == .courier
                ? "live loopback \(figures.label) (req/s) vs URLSession" : "  same, \(client.rawValue) vs URLSession"
            report.rows.append(
                Row(
                    name, format(perSecond), format(raw),
                    "\(format(ratio.mean)) (\(format(ratio.low))–\(format(ratio.high)))",
                    client == .courier ? "≥ 0.97" : "-"))
            // The keys of earlier runs stay: live.N.courier_rps, live.N.ratio, live.N.shared_ratio …
            let (rpsKey, ratioKey) =
                switch client {
                case .courier: ("courier_rps", "ratio")
                case .shared: ("shared_rps", "shared_ratio")
                case .transportAfterWork: ("transport_work_rps", "transport_work_ratio")
                default: ("transport_rps", "transport_ratio")
                }
            report.figures["live.\(width).\(rpsKey)"] = perSecond
            report.figures["live.\(width).\(ratioKey)"] = ratio.mean
            report.figures["live.\(width).\(ratioKey)_low"] = ratio.low
            report.figures["live.\(width).\(ratioKey)_high"] = ratio.high
        }
        let cpu = figures.cpuMicros[.courier] ?? .nan
        report.rows.append(
            Row("  same, CPU µs per request (whole process)", format(cpu), format(rawCPU), format(cpu / rawCPU), "-"))
        report.figures["live.\(width).raw_rps"] = raw
        report.figures["live.\(width).courier_cpu_us"] = cpu
        report.figures["live.\(width).raw_cpu_us"] = rawCPU
        report.figures["live.\(width).transport_cpu_us"] = figures.cpuMicros[.transport] ?? .nan
        report.figures["live.\(width).failures"] = Double(figures.failures)
        if figures.failures > 0 {
            report.rows.append(Row("  calls that failed (figures void)", "\(figures.failures)", "", "", "0"))
        }
    }

    /// The rows of a stubbed call alone and with an envelope, against the bare decode.
    private func appendAlone(_ alone: StubAloneBench.Result, to report: inout Report) {
        report.rows.append(
            Row(
                "stubbed call alone (µs/call) vs bare decode", format(alone.aloneMicros), format(alone.bareMicros),
                "\(format(alone.alone.mean)) (\(format(alone.alone.low))–\(format(alone.alone.high)))", "≤ 0.2"))
        report.rows.append(
            Row(
                "  same, with an envelope (decodes the payload)", format(alone.envelopeMicros),
                format(alone.bareMicros),
                "\(format(alone.envelope.mean)) (\(format(alone.envelope.low))–\(format(alone.envelope.high)))",
                "≤ 1.35"))
        report.figures["alone.courier_us"] = alone.aloneMicros
        report.figures["alone.envelope_us"] = alone.envelopeMicros
        report.figures["alone.bare_us"] = alone.bareMicros
        report.figures["alone.ratio"] = alone.alone.mean
        report.figures["alone.envelope_ratio"] = alone.envelope.mean
    }

    func format(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}
