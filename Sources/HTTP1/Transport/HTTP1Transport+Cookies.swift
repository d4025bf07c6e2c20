#if os(Linux)
    import Foundation
    import CourierTransport

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Cookies, for a transport given a storage (``HTTP1Transport/Options/cookieStorage``): the
    /// `Cookie` header sent on each hop, and the `Set-Cookie` answers stored, as URLSession does
    /// with its session's storage. Both go by the URL with its host by one spelling
    /// (``HostName``), so `Example.com.` neither misses `example.com`'s cookies nor files its own
    /// under another host.
    extension HTTP1Transport {
        /// `request` with the stored cookies for its URL added to its `Cookie` header (after any
        /// the request carries itself), unless it asks not to (`httpShouldHandleCookies`).
        static func addingCookies(from storage: HTTPCookieStorage?, to request: URLRequest) -> URLRequest {
            guard let stored = storage?.cookieHeader(for: request) else { return request }
            var request = request
            if let own = request.value(forHTTPHeaderField: "Cookie"), !own.isEmpty {
                request.setValue(own + "; " + stored, forHTTPHeaderField: "Cookie")
            } else {
                request.setValue(stored, forHTTPHeaderField: "Cookie")
            }
            return request
        }

        /// Stores the cookies `head` sets for `url`, by the storage's accept policy. The storage
        /// may write a file (a persistent one does), so that happens on a dispatch queue, never on
        /// a thread of Swift's cooperative pool; a response without `Set-Cookie` costs nothing.
        static func storeCookies(
            of head: HTTPResponseHead, for request: URLRequest, in storage: HTTPCookieStorage?
        ) async {
            guard let storage, request.httpShouldHandleCookies, let url = request.url.map(HostName.normalizingHost)
            else { return }
            let values = head.values(of: "Set-Cookie")
            guard !values.isEmpty else { return }
            let cookies = HTTPCookie.cookies(
                withResponseHeaderFields: ["Set-Cookie": values.joined(separator: ", ")], for: url)
            guard !cookies.isEmpty else { return }
            let write = CookieWrite(
                storage: storage, cookies: cookies, url: url,
                mainDocumentURL: request.mainDocumentURL.map(HostName.normalizingHost))
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    write.perform()
                    continuation.resume()
                }
            }
        }
    }

    extension HTTP1Transport: CookieAddingTransport {
        /// The cookies the transport adds to `request`'s first hop from its
        /// ``Options/cookieStorage``.
        package func storedCookies(for request: URLRequest) -> String? {
            options.cookieStorage?.cookieHeader(for: request)
        }
    }

    /// Cookies to store, carried to the queue that writes them.
    private struct CookieWrite: @unchecked Sendable {
        // Unchecked: HTTPCookieStorage guards its state with a queue of its own, and the cookies
        // are immutable objects made before the hand-over.
        let storage: HTTPCookieStorage
        let cookies: [HTTPCookie]
        let url: URL
        let mainDocumentURL: URL?

        /// Stores the cookies; a request with no main document is its own (a client is not a
        /// browser page), so a storage that accepts only the main document's cookies keeps them.
        func perform() {
            storage.setCookies(cookies, for: url, mainDocumentURL: mainDocumentURL ?? url)
        }
    }
#endif
