import Courier

// The names of Moya 11 to 13 (Alamofire 4) that public apps still use. `import Result` (Moya 11
// to 14) has no counterpart here: a module cannot be provided without a product of that name,
// and Swift's own `Result` has the cases Moya's handlers use; the migration guide says to delete
// the line.

/// Alamofire 4's `SessionManager`, in Moya 11 to 13's `manager:` argument: here
/// ``URLSessionTransport``, which `Manager(configuration:)` makes as Alamofire's did.
public typealias Manager = URLSessionTransport

extension MoyaProvider {
    /// Moya 11 to 13's `defaultAlamofireManager()`: a new ``URLSessionTransport``.
    public static func defaultAlamofireManager() -> Manager {
        URLSessionTransport()
    }
}
