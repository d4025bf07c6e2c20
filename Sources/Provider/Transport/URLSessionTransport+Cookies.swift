import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport: CookieAddingTransport {
    /// The cookies the session adds to `request` from its configuration's `httpCookieStorage`.
    package func storedCookies(for request: URLRequest) -> String? {
        cookieStorage?.cookieHeader(for: request)
    }
}
