#if os(Linux)
    import Foundation
    import Courier

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Redirects: which answers are followed, to which request, and when a hop leaves for the
    /// fallback transport.
    extension HTTP1Transport {
        /// Statuses whose `Location` is followed.
        private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

        /// Sends `request`, following redirects.
        func sendFollowingRedirects(_ request: TransportRequest, loop: EventLoop) async throws -> TransportResponse {
            var current = request.urlRequest
            var kind = request.kind
            var redirects = 0
            while true {
                let exchanged = try await exchange(current, kind: kind, progress: request.progress, loop: loop)
                guard options.followsRedirects, Self.redirectStatuses.contains(exchanged.head.status),
                    let next = Self.redirect(from: current, kind: kind, head: exchanged.head)
                else { return try Self.response(exchanged, url: current.url) }
                if let file = exchanged.file { try? FileManager.default.removeItem(at: file) }
                redirects += 1
                guard redirects <= options.maximumRedirects else {
                    throw URLError(.httpTooManyRedirects, userInfo: Self.userInfo("Too many redirects", current.url))
                }
                let nextRequest = TransportRequest(
                    urlRequest: next.request, kind: next.kind, progress: request.progress)
                if !Self.canSend(nextRequest) {
                    guard let fallback else {
                        throw URLError(
                            .unsupportedURL, userInfo: Self.userInfo("Redirect to an unsupported URL", next.request.url)
                        )
                    }
                    return try await fallback.send(nextRequest)
                }
                current = next.request
                kind = next.kind
            }
        }

        /// The request a redirect leads to, `nil` without a usable `Location`. The rules are
        /// ``URLSessionTransport``'s (``RedirectPolicy``): `307`/`308` keep the method and body,
        /// `303` (and `301`/`302` after a `POST`) continue with a bodiless `GET`, and across
        /// origins only ``RedirectPolicy/headersSafeAcrossOrigins`` are kept.
        private static func redirect(
            from request: URLRequest, kind: TransportRequest.Kind, head: HTTPResponseHead
        ) -> (request: URLRequest, kind: TransportRequest.Kind)? {
            guard let location = head.values(of: "Location").first, let base = request.url,
                let target = URL(string: location, relativeTo: base)?.absoluteURL,
                let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { return nil }
            var next = request
            next.url = target
            var nextKind = kind
            let method = (request.httpMethod ?? "GET").uppercased()
            if (head.status == 303 && method != "HEAD")
                || ((head.status == 301 || head.status == 302) && method == "POST")
            {
                next.httpMethod = "GET"
                next.httpBody = nil
                next.setValue(nil, forHTTPHeaderField: "Content-Type")
                next.setValue(nil, forHTTPHeaderField: "Content-Length")
                if case .upload = kind { nextKind = .data }
            }
            if !RedirectPolicy.sameOrigin(request.url, target) {
                for name in (next.allHTTPHeaderFields ?? [:]).keys
                where !RedirectPolicy.headersSafeAcrossOrigins.contains(name.lowercased()) {
                    next.setValue(nil, forHTTPHeaderField: name)
                }
            }
            return (next, nextKind)
        }

        private static func response(_ exchanged: Exchanged, url: URL?) throws -> TransportResponse {
            guard let url else { throw TransportError.notHTTP }
            return TransportResponse(
                url: url, statusCode: exchanged.head.status, httpVersion: "HTTP/1.\(exchanged.head.minorVersion)",
                headerFields: exchanged.head.headers, data: exchanged.body, downloadedFileURL: exchanged.file)
        }
    }
#endif
