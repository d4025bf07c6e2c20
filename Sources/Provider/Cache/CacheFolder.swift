import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an ``HTTPCache`` keeps nothing on disk although it was given a folder: the folder is not
/// one that only this user can write, so a file in it could be a forgery served as a hit.
/// ``HTTPCache/folderProblem`` says which; the cache then keeps its entries in memory only.
public enum HTTPCacheFolderProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder is a symbolic link, which someone else may have made or may point elsewhere.
    case symbolicLink(path: String)
    /// The folder belongs to another user (its user id), who can write in it whatever its mode.
    case ownedByAnotherUser(path: String, owner: UInt32)
    /// Something other than a folder is at the path.
    case notAFolder(path: String)
    /// The folder could not be created, opened or made owner-only (`0700`).
    case unusable(path: String, reason: String)

    /// The problem, in a sentence.
    public var description: String {
        switch self {
        case .symbolicLink(let path): "The cache folder \(path) is a symbolic link; the cache keeps to memory."
        case .ownedByAnotherUser(let path, let owner):
            "The cache folder \(path) belongs to user \(owner); the cache keeps to memory."
        case .notAFolder(let path): "The cache folder \(path) is not a folder; the cache keeps to memory."
        case .unusable(let path, let reason):
            "The cache folder \(path) is unusable (\(reason)); the cache keeps to memory."
        }
    }
}

/// Makes the disk store's folder safe to trust, or says why it is not: created `0700` when
/// missing, made `0700` when it is the user's own, refused when it is a symbolic link or another
/// user's. Checked on the open folder (`O_NOFOLLOW`), so the path cannot be swapped in between.
enum CacheFolder {
    /// Prepares `directory`; `nil` when it is now the user's own, owner-only folder.
    static func prepare(_ directory: URL) -> HTTPCacheFolderProblem? {
        let path = directory.path
        let parent = directory.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        if mkdir(path, 0o700) != 0, errno != EEXIST { return .unusable(path: path, reason: Self.reason(errno)) }
        var status = stat()
        guard lstat(path, &status) == 0 else { return .unusable(path: path, reason: Self.reason(errno)) }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK { return .symbolicLink(path: path) }
        guard type == S_IFDIR else { return .notAFolder(path: path) }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ELOOP ? .symbolicLink(path: path) : .unusable(path: path, reason: Self.reason(errno))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return .unusable(path: path, reason: Self.reason(errno)) }
        guard status.st_uid == geteuid() else { return .ownedByAnotherUser(path: path, owner: UInt32(status.st_uid)) }
        if status.st_mode & 0o7777 != 0o700, fchmod(descriptor, 0o700) != 0 {
            return .unusable(path: path, reason: Self.reason(errno))
        }
        return nil
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
