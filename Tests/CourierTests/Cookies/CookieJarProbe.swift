import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A storage of its own, filled and read through the chain's cookie link (``HopCookies``) as a
/// hop would: `set` stores what an answer from a URL sets, `sent` is the `Cookie` header the link
/// adds to a request for a URL.
struct CookieJarProbe {
    let storage: HTTPCookieStorage

    init() {
        // An ephemeral configuration's storage: Linux has no public initializer.
        storage = URLSessionConfiguration.ephemeral.httpCookieStorage ?? HTTPCookieStorage.shared
        for cookie in storage.cookies ?? [] { storage.deleteCookie(cookie) }
    }

    /// Stores the `Set-Cookie` fields `values` of an answer from `url`, one field each.
    func set(_ values: String..., from url: String) async {
        await set(values, from: url)
    }

    /// Stores the `Set-Cookie` fields `values` of an answer from `url`, one field each.
    func set(_ values: [String], from url: String) async {
        guard let url = URL(string: url) else { return }
        let head = ResponseHead(
            url: url, statusCode: 200, version: "HTTP/1.1",
            fields: values.map { HeaderField(name: "Set-Cookie", value: $0) })
        await HopCookies.store(head, for: URLRequest(url: url), in: storage)
    }

    /// Puts `properties` into the storage as an app does itself, past the chain's rules.
    func put(_ properties: [HTTPCookiePropertyKey: Any]) {
        if let cookie = HTTPCookie(properties: properties) { storage.setCookie(cookie) }
    }

    /// The `Cookie` header the link adds to a GET of `url`, `nil` for none.
    func sent(to url: String) -> String? {
        guard let url = URL(string: url) else { return nil }
        return HopCookies.adding(from: storage, to: URLRequest(url: url)).value(forHTTPHeaderField: "Cookie")
    }

    /// The names of the cookies stored, sorted.
    var names: [String] { (storage.cookies ?? []).map(\.name).sorted() }
}
