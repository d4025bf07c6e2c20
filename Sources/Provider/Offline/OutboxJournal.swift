import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An outbox's folder: its journal, where each change is one line appended (``OutboxJournalLine``),
/// and the lock that keeps a second process out.
///
/// Appending is what makes an enqueue cheap: a file created per entry costs a directory change
/// each time, a line appended to an open file almost nothing (figures in docs/BENCHMARKS.md). A
/// line is on disk (in the kernel's cache) once
/// `write` returns, so it survives the app being killed; a line cut short by a crash fails its
/// checksum and is dropped. The journal is rewritten without its dead lines (through a new file
/// created exclusively, renamed into place) when they outweigh the live ones, when it is read, and
/// by `removeAll`.
///
/// Every operation runs on the journal's serial queue, never on a thread of Swift's cooperative
/// pool, and the outbox changes its entries in memory from the same blocks, so what it holds and
/// what the journal holds change together, in one order. The folder follows the cache's rules
/// (``CacheFolder``): created `0700`, made `0700` when it is the user's own, refused when it is a
/// symbolic link or another user's; the files are `0600`, created with `O_EXCL` (``OwnerOnlyFile``),
/// opened without following a symbolic link, and used only when they are regular files of this
/// user's. A journal that is not one (another format, not a regular file of the user's, larger than
/// any journal of this outbox can be) is deleted unread, never sent.
final class OutboxJournal: @unchecked Sendable {
    // Unchecked: `journal`, `lock`, `bytes` and `encoder` are used only on `queue`.
    let directory: URL
    private let queue: DispatchQueue
    /// The journal, open for appending; `-1` until it is opened.
    private var journal: Int32 = -1
    /// The lock file, locked (`flock`) while this process uses the folder.
    private var lock: Int32 = -1
    /// The journal's size.
    private(set) var bytes = 0
    /// Encodes the lines written on the queue.
    let encoder = JSONEncoder()

    static let journalName = "outbox.journal"
    static let lockName = "outbox.lock"

    init(directory: URL) {
        self.directory = directory
        queue = DispatchQueue(label: "courier.outbox")
    }

    deinit {
        if journal >= 0 { close(journal) }
        if lock >= 0 { close(lock) }
    }

    /// Runs `body` on the journal's queue and returns what it returned.
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

    /// Queues `body` on the journal's queue, without waiting for it.
    func schedule(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    // MARK: On the queue

    /// Prepares the folder, takes its lock, and reads the journal: the live records in order, each
    /// with its line. Dead and invalid lines are dropped from the file too.
    ///
    /// - Parameter readLimit: a journal larger than this is not one of this outbox's.
    /// - Throws: ``OutboxError/unsafeFolder(path:reason:)``, ``OutboxError/folderInUse(path:)`` when
    ///   another process holds the folder, ``OutboxError/cannotWrite(path:reason:)``.
    func load<Target>(as type: Target.Type, readLimit: Int) throws(OutboxError)
        -> [(record: OutboxRecord<Target>, line: Data)]
    {
        if let problem = CacheFolder.prepare(directory) {
            throw .unsafeFolder(path: directory.path, reason: Self.reason(problem))
        }
        try takeLock()
        var live: [UUID: (record: OutboxRecord<Target>, line: Data)] = [:]
        let data = readJournal(limit: readLimit)
        var lines = (data ?? Data()).split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        // A journal without this format's header is not this outbox's: nothing of it is read.
        let isJournal = lines.first.flatMap(OutboxJournalLine<Target>.decode)?.op == .header
        for text in lines.dropFirst() where isJournal {
            guard let line = OutboxJournalLine<Target>.decode(Data(text)) else { continue }
            switch line.op {
            case .put: if let record = line.record { live[record.id] = (record, Data(text) + Data([0x0A])) }
            case .delete: if let id = line.id { live[id] = nil }
            case .header: continue
            }
        }
        let records = live.values.sorted { $0.record.sequence < $1.record.sequence }
        let kept = Self.headerLine.count + records.reduce(0) { $0 + $1.line.count }
        if journal < 0 || data?.count != kept { try rewrite(records.map(\.line)) }
        return records
    }

    /// Appends `line`; on a failure the journal is cut back to what it was, so no half line stays.
    func append(_ line: Data) throws(OutboxError) {
        guard journal >= 0 else { throw cannotWrite(POSIXError(.EBADF)) }
        var written = 0
        let failure: Int32? = line.withUnsafeBytes { raw in
            while written < raw.count {
                let count = write(journal, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure {
            _ = ftruncate(journal, off_t(bytes))
            throw cannotWrite(POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO))
        }
        bytes += line.count
    }

    /// Writes a new journal holding `lines` after its header, in place of the old one at once
    /// (a new file created exclusively, renamed over it), and appends to it from now on.
    func rewrite(_ lines: [Data]) throws(OutboxError) {
        let file = url(Self.journalName)
        var contents = Self.headerLine
        for line in lines { contents.append(line) }
        do {
            try OwnerOnlyFile.write(contents, to: file)
        } catch {
            throw cannotWrite(error)
        }
        if journal >= 0 { close(journal) }
        journal = openOwn(file.path, flags: O_WRONLY | O_APPEND)
        guard journal >= 0 else { throw cannotWrite(POSIXError(.EIO)) }
        bytes = contents.count
    }

    // MARK: Files

    /// Takes the folder's lock, creating its file (`0600`, exclusively) the first time.
    private func takeLock() throws(OutboxError) {
        guard lock < 0 else { return }
        let path = url(Self.lockName).path
        var descriptor = (try? OwnerOnlyFile.create(at: url(Self.lockName))) ?? -1
        if descriptor < 0 { descriptor = openOwn(path, flags: O_RDONLY) }
        guard descriptor >= 0 else { throw .unsafeFolder(path: directory.path, reason: "its lock file is not usable") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .folderInUse(path: directory.path)
        }
        lock = descriptor
    }

    /// The journal's bytes, when it is a regular file of this user's no larger than `limit`; a file
    /// at its name that is not is deleted unread.
    private func readJournal(limit: Int) -> Data? {
        let path = url(Self.journalName).path
        let descriptor = openOwn(path, flags: O_RDONLY)
        guard descriptor >= 0 else {
            if errno != ENOENT { unlink(path) }
            return nil
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size <= limit,
            let data = try? handle.readToEnd() ?? Data(), data.count <= limit
        else {
            unlink(path)
            return nil
        }
        return data
    }

    /// `path` opened with `flags`, without following a symbolic link, when it is a regular file of
    /// this user's; `-1` otherwise (`errno` is `ENOENT` only when nothing is there).
    private func openOwn(_ path: String, flags: Int32) -> Int32 {
        let descriptor = open(path, flags | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno != ENOENT { errno = EPERM }
            return -1
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
            close(descriptor)
            errno = EPERM
            return -1
        }
        return descriptor
    }

    private func url(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    private func cannotWrite(_ error: any Error) -> OutboxError {
        .cannotWrite(path: url(Self.journalName).path, reason: String(describing: error))
    }

    /// The header line, the same for every journal of this format.
    private static let headerLine = OutboxJournalFraming.frame(
        Data(
            #"{"format":"\#(OutboxJournalFraming.format)","op":"header","version":\#(OutboxJournalFraming.version)}"#
                .utf8))

    private static func reason(_ problem: HTTPCacheFolderProblem) -> String {
        switch problem {
        case .symbolicLink: "it is a symbolic link"
        case .ownedByAnotherUser(_, let owner): "it belongs to user \(owner)"
        case .notAFolder: "it is not a folder"
        case .unusable(_, let reason): reason
        }
    }
}
