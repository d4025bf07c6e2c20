import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's cookie link, per hop: the `Cookie` header a hop gets from one storage (the
/// transport's: ``HopSettingsTransport/cookieStorage(for:)``), and the `Set-Cookie` fields of its
/// answer stored into it, by Courier's own rules (RFC 6265bis), whatever transport sends the hop
/// and whatever `HTTPCookieStorage` the app gives: ``CookieSendingRules`` for what is sent,
/// ``CookieStoringRules`` for what is kept (`Secure`, `Path`, `Domain` never a public suffix nor on
/// an IP address, deletion, validated names and values). The storage is only where cookies live:
/// its `cookies(for:)` is never asked and Foundation never parses `Set-Cookie`, so an app's
/// persistent storage still works under the same rules.
///
/// Both go by the URL with its host by one spelling (``HostName``), so `Example.com.` neither
/// misses `example.com`'s cookies nor files its own under another host, and both obey the
/// request's `httpShouldHandleCookies`.
enum HopCookies {
    /// `request` with the stored cookies it gets (``CookieSendingRules``) added to its `Cookie`
    /// header (after any the request carries itself), unless it asks not to
    /// (`httpShouldHandleCookies`).
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

    /// The refusal of `request` when it would carry stored cookies in clear to another machine: a
    /// plain `http://` request to a host other than loopback that gets cookies from `storage`.
    /// The chain asks when the provider refuses credentials over plain HTTP
    /// (`ProviderOptions.allowsCredentialsOverPlainHTTP` is `false`): a stored cookie is a
    /// credential as the request's own `Cookie` is, so the hop fails before anything is sent.
    static func refusal(for request: URLRequest, in storage: HTTPCookieStorage?) -> InsecureCredentialsError? {
        guard let url = request.url, url.scheme?.lowercased() == "http", let host = url.host,
            !LoopbackHost.contains(host), storage?.cookieHeader(for: request) != nil
        else { return nil }
        return InsecureCredentialsError(storedCookiesTo: host)
    }

    /// Stores the cookies `head` sets for `request`'s URL (``CookieStoringRules``), by the
    /// storage's accept policy. The storage may write a file (a persistent one does), so that
    /// happens on a thread of its own, never on a thread of Swift's cooperative pool; an answer
    /// without `Set-Cookie` costs nothing, not even an async frame of its own (this is inlined
    /// into each hop; the write is not).
    @inline(__always)
    static func store(_ head: ResponseHead, for request: URLRequest, in storage: HTTPCookieStorage?) async {
        guard let storage, head.value(forHTTPHeaderField: "Set-Cookie") != nil, request.httpShouldHandleCookies,
            let url = request.url.map(HostName.normalizingHost)
        else { return }
        let fields = SetCookieLines.of(head)
        guard !fields.isEmpty else { return }
        await perform(
            CookieStorageWrite(
                storage: storage, fields: fields, url: url,
                mainDocumentURL: request.mainDocumentURL.map(HostName.normalizingHost), now: Date()))
    }

    /// Performs `write` on a thread of its own (a storage may write to disk) and returns when it
    /// is done.
    private static func perform(_ write: CookieStorageWrite) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            BlockingQueue.detach {
                write.perform()
                continuation.resume()
            }
        }
    }
}

extension HTTPCookieStorage {
    /// The cookies of this storage `request` gets, as a `Cookie` header's value
    /// (``CookieSendingRules``), or `nil` when it gets none or handles no cookies
    /// (`httpShouldHandleCookies`).
    ///
    /// An empty storage (most apps' most of the time, and every stubbed test's) is told by its
    /// cookie count alone, before the URL is matched against each cookie.
    func cookieHeader(for request: URLRequest) -> String? {
        guard request.httpShouldHandleCookies, let url = request.url, let stored = cookies, !stored.isEmpty else {
            return nil
        }
        return CookieSendingRules.header(for: url, from: stored, at: Date())
    }
}
