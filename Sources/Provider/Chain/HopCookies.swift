import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's cookie link, per hop: the `Cookie` header sent with the cookies of one storage (the
/// transport's: ``HopSettingsTransport/cookieStorage(for:)``), and the `Set-Cookie` answers stored
/// into it, as URLSession does with its session's storage. Both go by the URL with its host by one
/// spelling (``HostName``), so `Example.com.` neither misses `example.com`'s cookies nor files its
/// own under another host, and both obey the request's `httpShouldHandleCookies`.
enum HopCookies {
    /// `request` with the stored cookies for its URL added to its `Cookie` header (after any the
    /// request carries itself), unless it asks not to (`httpShouldHandleCookies`).
    static func adding(from storage: HTTPCookieStorage?, to request: URLRequest) -> URLRequest {
        guard let stored = storage?.cookieHeader(for: request) else { return request }
        var request = request
        if let own = request.value(forHTTPHeaderField: "Cookie"), !own.isEmpty {
            request.setValue(own + "; " + stored, forHTTPHeaderField: "Cookie")
        } else {
            request.setValue(stored, forHTTPHeaderField: "Cookie")
        }
        return request
    }

    /// Stores the cookies `head` sets for `request`'s URL, by the storage's accept policy. The
    /// storage may write a file (a persistent one does), so that happens on a dispatch queue, never
    /// on a thread of Swift's cooperative pool; an answer without `Set-Cookie` costs nothing, not
    /// even an async frame of its own (this is inlined into each hop; the write is not).
    @inline(__always)
    static func store(_ head: ResponseHead, for request: URLRequest, in storage: HTTPCookieStorage?) async {
        // Repeated fields come joined with ", ", which the cookie parser splits again.
        guard let storage, let value = head.value(forHTTPHeaderField: "Set-Cookie"), !value.isEmpty,
            request.httpShouldHandleCookies, let url = request.url.map(HostName.normalizingHost)
        else { return }
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": value], for: url)
        guard !cookies.isEmpty else { return }
        await perform(
            CookieWrite(
                storage: storage, cookies: cookies, url: url,
                mainDocumentURL: request.mainDocumentURL.map(HostName.normalizingHost)))
    }

    /// Performs `write` on a thread of its own (a storage may write to disk) and returns when it
    /// is done.
    private static func perform(_ write: CookieWrite) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            BlockingQueue.detach {
                write.perform()
                continuation.resume()
            }
        }
    }
}

extension HTTPCookieStorage {
    /// The cookies of this storage for `request`'s URL as a `Cookie` header's value, or `nil`
    /// when there are none or the request handles no cookies (`httpShouldHandleCookies`). The host
    /// is looked up by its one spelling (``HostName``), as cookies are stored.
    ///
    /// An empty storage (most apps' most of the time, and every stubbed test's) is told by its
    /// cookie count alone, before the URL is respelled and matched against each cookie's domain.
    func cookieHeader(for request: URLRequest) -> String? {
        guard request.httpShouldHandleCookies, let url = request.url, cookies?.isEmpty == false,
            let cookies = cookies(for: HostName.normalizingHost(of: url)),
            !cookies.isEmpty
        else { return nil }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}

/// Cookies to store, carried to the queue that writes them.
private struct CookieWrite: @unchecked Sendable {
    // Unchecked: HTTPCookieStorage guards its state with a queue of its own, and the cookies are
    // immutable objects made before the hand-over.
    let storage: HTTPCookieStorage
    let cookies: [HTTPCookie]
    let url: URL
    let mainDocumentURL: URL?

    /// Stores the cookies; a request with no main document is its own (a client is not a browser
    /// page), so a storage that accepts only the main document's cookies keeps them.
    func perform() {
        storage.setCookies(cookies, for: url, mainDocumentURL: mainDocumentURL ?? url)
    }
}
