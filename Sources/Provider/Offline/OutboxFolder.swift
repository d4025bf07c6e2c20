import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An outbox's folder: every file operation runs on its serial queue, never on a thread of Swift's
/// cooperative pool, and the outbox changes its entries in memory from the same blocks, so what it
/// holds and what the folder holds change together, in one order.
///
/// The folder follows the cache's rules (``CacheFolder``): created `0700`, made `0700` when it is
/// the user's own, refused when it is a symbolic link or another user's. Each file is written
/// whole, `0600`, through a new temporary file (``OwnerOnlyFile``) renamed into place.
final class OutboxFolder: @unchecked Sendable {
    // Unchecked: `problem` is read and written only on `queue`.
    let directory: URL
    private let queue: DispatchQueue
    private var problem: OutboxError??

    init(directory: URL) {
        self.directory = directory
        queue = DispatchQueue(label: "courier.outbox")
    }

    /// Runs `body` on the folder's queue and returns what it returned.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws(OutboxError) -> T) async throws(OutboxError) -> T {
        let result: Result<T, OutboxError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(OutboxError) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Queues `body` on the folder's queue, without waiting for it.
    func schedule(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    // MARK: On the queue

    /// Why the folder cannot be used, checked once; `nil` when it is the user's own, owner-only folder.
    func check() -> OutboxError? {
        if let problem { return problem }
        let found = CacheFolder.prepare(directory).map { problem in
            OutboxError.unsafeFolder(path: directory.path, reason: Self.reason(problem))
        }
        problem = .some(found)
        return found
    }

    /// The entries of the folder, in order, each with its file's size. A file with an entry's
    /// name that is not a valid entry of this outbox (corrupt, foreign, not a regular file of the
    /// user's, larger than `byteLimit`) is deleted unsent; a temporary file a write left behind
    /// is deleted; other files are left alone.
    func readAll<Target>(as type: Target.Type, byteLimit: Int) -> [(record: OutboxRecord<Target>, bytes: Int)] {
        guard check() == nil else { return [] }
        var records: [(record: OutboxRecord<Target>, bytes: Int)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            if name.hasPrefix("."), name.hasSuffix(".tmp") {
                remove(name)
                continue
            }
            guard OutboxRecord<Target>.parse(fileName: name) != nil else { continue }
            guard let data = read(name, limit: byteLimit),
                let record = OutboxRecord<Target>.decode(data, fileName: name)
            else {
                remove(name)
                continue
            }
            records.append((record, data.count))
        }
        return records.sorted { $0.record.sequence < $1.record.sequence }
    }

    /// Writes `data` as the file `name`, replacing any.
    func write(_ data: Data, as name: String) throws(OutboxError) {
        do {
            try OwnerOnlyFile.write(data, to: file(name))
        } catch {
            throw .cannotWrite(path: file(name).path, reason: String(describing: error))
        }
    }

    /// Deletes the file `name`.
    func remove(_ name: String) {
        unlink(file(name).path)
    }

    /// The file's bytes, when it is a regular file of this user's no larger than `limit`; opened
    /// without following a symbolic link, and checked on the open file.
    private func read(_ name: String, limit: Int) -> Data? {
        let descriptor = open(file(name).path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
            status.st_size >= 0, status.st_size <= limit
        else { return nil }
        guard let data = try? handle.readToEnd() ?? Data(), data.count <= limit else { return nil }
        return data
    }

    private func file(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    private static func reason(_ problem: HTTPCacheFolderProblem) -> String {
        switch problem {
        case .symbolicLink: "it is a symbolic link"
        case .ownedByAnotherUser(_, let owner): "it belongs to user \(owner)"
        case .notAFolder: "it is not a folder"
        case .unusable(_, let reason): reason
        }
    }
}
