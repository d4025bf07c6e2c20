import Foundation

/// This process's peak resident memory and open file descriptors, read from `/proc`.
enum ProcessFigures {
    /// Resets the peak resident size to the current one and returns it, in KiB.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return peak()
    }

    /// The peak resident size since the last reset, in KiB (`VmHWM`); `-1` when unknown.
    static func peak() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        return -1
    }

    /// User and system CPU time this process has used, in seconds (`/proc/self/stat`).
    static func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return -1 }
        // Fields after the name: state is 3, utime 14 and stime 15 (1-based, in clock ticks).
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return -1 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// How many sockets and files are open: what a call could leak. The runtime's own descriptors
    /// (eventfd, timerfd, epoll: `anon_inode:`), which it opens the first time it needs them,
    /// are not counted.
    static func openFileDescriptors() -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return -1 }
        return names.filter { name in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) ?? ""
            return !target.hasPrefix("anon_inode:")
        }.count
    }
}
