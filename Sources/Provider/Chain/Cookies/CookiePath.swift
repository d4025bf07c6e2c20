import Foundation

/// Paths as the cookie rules compare them (RFC 6265bis §5.1.4): a request's path, the default
/// path of a cookie set without a valid `Path`, and path-match.
enum CookiePath {
    /// The path of `url` a cookie's path is matched against: as written in the URL
    /// (percent-encoded), `/` when it is empty.
    static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// The path a cookie set by an answer to `url` without a valid `Path` gets: the request's path
    /// up to, not including, its last `/`; `/` when that leaves nothing (`/login` and `/` give `/`,
    /// `/account/login` gives `/account`).
    static func defaultPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        guard path.hasPrefix("/"), let last = path.lastIndex(of: "/"), last != path.startIndex else { return "/" }
        return String(path[..<last])
    }

    /// Whether a request for `requestPath` gets a cookie of `cookiePath`: the same path, or one
    /// below it (`/account` covers `/account` and `/account/orders`, not `/accounting`).
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.utf8.starts(with: cookiePath.utf8) else { return false }
        if requestPath.utf8.count == cookiePath.utf8.count || cookiePath.utf8.last == UInt8(ascii: "/") { return true }
        return requestPath.utf8[requestPath.utf8.index(requestPath.utf8.startIndex, offsetBy: cookiePath.utf8.count)]
            == UInt8(ascii: "/")
    }
}
