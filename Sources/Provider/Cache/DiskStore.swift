import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache's entries on disk, one file per entry in a folder the app names, within a byte limit
/// and an entry limit (least recently used first out).
///
/// Every file operation runs on the store's own serial queue, never on a thread of Swift's
/// cooperative pool: a write is queued and the call goes on; a read suspends the call until the
/// queue has read the file. Providers of one process that name the same folder share one store
/// (``shared(directory:byteLimit:entryLimit:)``), so their writes never race.
final class DiskStore: @unchecked Sendable {
    // Unchecked: `index`, `refusal`, `clock` and `bytes` are read and written only on `queue`; `totals` is locked.
    private struct Record {
        var bytes: Int
        var lastUsed: UInt64
    }

    let directory: URL
    let byteLimit: Int
    let entryLimit: Int
    private let queue: DispatchQueue
    private var index: [String: Record]?
    /// Why the folder is not used, once it was checked (``CacheFolder``); the store then touches no
    /// file in it.
    private var refusal: HTTPCacheFolderProblem?
    private var clock: UInt64 = 0
    private var bytes = 0
    private let published = LockedState((bytes: 0, entries: 0))
    /// Called once a read is queued, before it runs: for tests that need an event in that gap.
    let afterReadQueued = LockedState<(@Sendable () -> Void)?>(nil)

    private static let stores = LockedState<[String: DiskStore]>([:])

    /// The store of `directory` in this process, made with these limits the first time it is asked
    /// for (later limits are ignored: one folder, one set of limits).
    static func shared(directory: URL, byteLimit: Int, entryLimit: Int) -> DiskStore {
        let path = directory.standardizedFileURL.path
        return stores.withLock { stores in
            if let store = stores[path] { return store }
            let store = DiskStore(
                directory: directory.standardizedFileURL, byteLimit: byteLimit, entryLimit: entryLimit)
            stores[path] = store
            return store
        }
    }

    private init(directory: URL, byteLimit: Int, entryLimit: Int) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        self.entryLimit = max(0, entryLimit)
        queue = DispatchQueue(label: "courier.cache.disk")
    }

    /// The bytes and the number of files kept.
    var totals: (bytes: Int, entries: Int) { published.withLock { $0 } }

    /// The entry stored for `key`, read on the store's queue; a corrupt file is deleted and reads as none.
    func read(_ key: CacheKey) async -> CachedEntry? {
        let queued = afterReadQueued.withLock { $0 }
        return await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.readNow(key))
            }
            queued?()
        }
    }

    /// Stores `entry`, replacing any with its key, on the store's queue; the caller does not wait.
    func write(_ entry: CachedEntry) {
        queue.async { self.writeNow(entry) }
    }

    /// Deletes the entry for `key`.
    func remove(_ key: CacheKey) {
        queue.async { self.delete(key.fileName) }
    }

    /// Deletes every entry of `url`, whatever its method and partition.
    func removeAll(url: String) {
        let prefix = CacheKey.urlDigest(url) + "."
        queue.async {
            for name in self.loadedIndex().keys where name.hasPrefix(prefix) { self.delete(name) }
        }
    }

    /// Deletes every entry.
    func removeAll() {
        queue.async {
            for name in self.loadedIndex().keys { self.delete(name) }
        }
    }

    /// Why the folder is not used, checked first if it was not yet; `nil` when it is.
    func folderProblem() async -> HTTPCacheFolderProblem? {
        await withCheckedContinuation { continuation in
            queue.async {
                _ = self.loadedIndex()
                continuation.resume(returning: self.refusal)
            }
        }
    }

    /// Returns once everything queued before it is done.
    func flush() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    // MARK: On the queue

    private func readNow(_ key: CacheKey) -> CachedEntry? {
        let name = key.fileName
        guard loadedIndex()[name] != nil else { return nil }
        guard let data = try? Data(contentsOf: file(name)), let entry = DiskEntryCodec.decode(data, expecting: key)
        else {
            delete(name)
            return nil
        }
        clock += 1
        index?[name]?.lastUsed = clock
        return entry
    }

    private func writeNow(_ entry: CachedEntry) {
        let name = entry.key.fileName
        _ = loadedIndex()
        guard refusal == nil else { return }
        guard let data = try? DiskEntryCodec.encode(entry), data.count <= byteLimit, entryLimit > 0,
            (try? OwnerOnlyFile.write(data, to: file(name))) != nil
        else {
            delete(name)
            return
        }
        bytes -= index?[name]?.bytes ?? 0
        clock += 1
        index?[name] = Record(bytes: data.count, lastUsed: clock)
        bytes += data.count
        evict()
        publish()
    }

    private func evict() {
        guard let current = index, bytes > byteLimit || current.count > entryLimit else { return }
        for (name, _) in current.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard let index, bytes > byteLimit || index.count > entryLimit else { break }
            delete(name)
        }
    }

    private func delete(_ name: String) {
        guard refusal == nil else { return }
        unlink(file(name).path)
        if let record = index?.removeValue(forKey: name) { bytes -= record.bytes }
        publish()
    }

    private func publish() {
        let totals = (bytes: bytes, entries: index?.count ?? 0)
        published.withLock { $0 = totals }
    }

    private func file(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// The index of the folder's entries, read from the folder the first time, once the folder is
    /// known to be the user's own (an empty index otherwise): leftover temporary files are deleted,
    /// files that are not entries (or not regular files of the user's) are left alone, and the
    /// files' modification times order them until they are used.
    private func loadedIndex() -> [String: Record] {
        if let index { return index }
        let manager = FileManager.default
        refusal = CacheFolder.prepare(directory)
        guard refusal == nil else {
            index = [:]
            return [:]
        }
        var loaded: [String: (Int, Date)] = [:]
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            if name.hasPrefix(".") && name.hasSuffix(".tmp") {
                unlink(file(name).path)
                continue
            }
            guard Self.isEntryName(name), let attributes = try? manager.attributesOfItem(atPath: file(name).path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == UInt32(geteuid()),
                let size = attributes[.size] as? NSNumber
            else { continue }
            loaded[name] = (size.intValue, attributes[.modificationDate] as? Date ?? .distantPast)
        }
        var built: [String: Record] = [:]
        for (name, value) in loaded.sorted(by: { $0.value.1 < $1.value.1 }) {
            clock += 1
            built[name] = Record(bytes: value.0, lastUsed: clock)
            bytes += value.0
        }
        index = built
        evict()
        publish()
        return index ?? [:]
    }

    /// Whether `name` is an entry's file name: 32 hex digits, a dot, 16 hex digits.
    static func isEntryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 32, parts[1].count == 16 else { return false }
        return name.utf8.allSatisfy { $0 == 0x2e || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
