import Foundation

/// Why a ``Fixture`` could not be loaded; the description names the file's full path.
public enum FixtureError: Error, Sendable, Equatable, LocalizedError {
    /// No file `name` exists at any of the `searched` paths.
    case notFound(name: String, searched: [String])
    /// The file at `path` exists but cannot be read.
    case unreadable(path: String, reason: String)

    /// What went wrong, with the paths involved.
    public var errorDescription: String? {
        switch self {
        case .notFound(let name, let searched):
            let places = searched.joined(separator: ", ")
            return "The fixture \(name) does not exist: looked for \(places). Add the file, and declare its "
                + "folder as a resource of the test target (resources: [.copy(\"Fixtures\")])."
        case .unreadable(let path, let reason):
            return "The fixture \(path) cannot be read: \(reason)."
        }
    }
}
