import Foundation

#if os(Linux)
    /// glibc's `malloc_trim`, which the Glibc module does not export.
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The process's peak resident memory, from `/proc/self/status` (Linux).
enum TransferPeakMemory {
    struct Unreadable: Error {}

    /// Whether the peak can be reset (Linux 4.0 and later).
    static var canReset: Bool {
        FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
    }

    /// Whether the peak says what the code under test holds: it can be reset, and the process
    /// runs under no sanitizer. AddressSanitizer's quarantine keeps freed memory resident, and
    /// ThreadSanitizer's shadow memory grows with whatever the tests running beside this one
    /// touch, which the process-wide peak counts as this upload's.
    static var isMeaningful: Bool {
        canReset && dlsym(nil, "__asan_init") == nil && dlsym(nil, "__tsan_init") == nil
    }

    /// Resets the peak to the current resident size and returns it, in KiB. Free heap memory is
    /// returned to the system first, so that the peak measured is the transfer's own memory.
    static func reset() throws -> Int {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { throw Unreadable() }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("5".utf8))
        return try peakKilobytes()
    }

    /// `VmHWM`, in KiB.
    static func peakKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw Unreadable() }
        return value
    }
}
