import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that only their owner can read (mode 0600): downloads, a decoded download, recordings.
/// Each is created with that mode: `Data.write` and `FileManager.createFile` create a file with
/// the process's umask (usually 0644), and changing the mode afterwards leaves a moment in which
/// another user can open it.
package enum OwnerOnlyFile {
    /// Creates a new file at `url` (it must not exist), open for writing; returns its descriptor.
    package static func create(at url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// Writes `data` to `file` at once: into a new file created beside it, then renamed over it.
    package static func write(_ data: Data, to file: URL) throws {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let handle = FileHandle(fileDescriptor: try create(at: temporary), closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
            guard rename(temporary.path, file.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
