import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cookie storage of a test's own holding at most one `session` cookie, which the test switches
/// as a login or a logout would.
final class SessionCookieStorage: Sendable {
    /// A storage of its own (an ephemeral configuration's: Linux has no public initializer).
    let storage: HTTPCookieStorage?
    private let host: String

    init(host: String = "api.example.com") {
        storage = URLSessionConfiguration.ephemeral.httpCookieStorage
        self.host = host
    }

    /// The session cookie's value, `nil` when there is none.
    var session: String? {
        get { storage?.cookies?.first { $0.name == "session" }?.value }
        set {
            for cookie in storage?.cookies ?? [] where cookie.name == "session" { storage?.deleteCookie(cookie) }
            guard let newValue,
                let cookie = HTTPCookie(properties: [.name: "session", .value: newValue, .domain: host, .path: "/"])
            else { return }
            storage?.setCookie(cookie)
        }
    }
}
