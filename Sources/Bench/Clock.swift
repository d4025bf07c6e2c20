import Foundation

/// Timing and statistics helpers.
enum Stopwatch {
    /// Seconds taken by `body`.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Seconds taken by `body`, and the CPU seconds the whole process used meanwhile.
    static func timeWithCPU(_ body: () async throws -> Void) async rethrows -> (seconds: Double, cpuSeconds: Double) {
        let cpuBefore = ProcessCPU.seconds
        let seconds = try await time(body)
        return (seconds, ProcessCPU.seconds - cpuBefore)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// How one client's rounds compare with the baseline's rounds of the same cycles: the geometric
/// mean of the per-cycle ratios and its 95 % interval (Student's t for the number of rounds times
/// the standard error of the mean log ratio).
///
/// Pairing each round with the baseline's round of the same cycle cancels the drift of a shared
/// machine's load, which moves whole runs by ±7 %; a ratio of two medians keeps that drift.
struct PairedRatio {
    let mean: Double
    let low: Double
    let high: Double

    init(_ values: [Double], over baseline: [Double]) {
        let logs = zip(values, baseline).compactMap { value, base in
            value > 0 && base > 0 ? Foundation.log(value / base) : nil
        }
        guard !logs.isEmpty else {
            (mean, low, high) = (.nan, .nan, .nan)
            return
        }
        let average = logs.reduce(0, +) / Double(logs.count)
        let variance = logs.map { ($0 - average) * ($0 - average) }.reduce(0, +) / Double(max(1, logs.count - 1))
        let margin = Self.studentT95(degreesOfFreedom: logs.count - 1) * (variance / Double(logs.count)).squareRoot()
        (mean, low, high) = (exp(average), exp(average - margin), exp(average + margin))
    }

    /// The two-sided 95 % quantile of Student's t distribution.
    private static func studentT95(degreesOfFreedom: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
            2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
            2.045, 2.042,
        ]
        guard degreesOfFreedom >= 1 else { return .infinity }
        return degreesOfFreedom <= table.count ? table[degreesOfFreedom - 1] : 1.96 + 2.4 / Double(degreesOfFreedom)
    }
}

/// CPU time this process has used.
enum ProcessCPU {
    /// User and system time of every thread so far, in seconds.
    static var seconds: Double {
        var usage = rusage()
        #if os(Linux)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return .nan }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Reads this process's memory figures from /proc (Linux); `nil` elsewhere.
enum ProcessMemory {
    /// Resident set size now, in bytes.
    static var residentBytes: Int? { field("VmRSS:") }
    /// Peak resident set size, in bytes.
    static var peakBytes: Int? { field("VmHWM:") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.split(separator: " ").compactMap { Int($0) }.first
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}
