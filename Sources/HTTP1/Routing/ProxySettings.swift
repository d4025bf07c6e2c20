#if os(Linux)
    import CourierTransport
    import Foundation

    /// The proxy settings curl (and so URLSession on Linux) reads from the environment: which
    /// proxy `http://` and `https://` URLs go through, and which hosts bypass it.
    ///
    /// As curl reads them: the proxy of `http://` is `http_proxy` in lowercase only (curl ignores
    /// `HTTP_PROXY`, which a CGI server would fill from a request's `Proxy:` header), that of
    /// `https://` is `https_proxy` or `HTTPS_PROXY`; either falls back to `all_proxy` or
    /// `ALL_PROXY`; the exclusions are `no_proxy` (else `NO_PROXY`), a comma-separated list of host
    /// names, each matching itself and its subdomains (a leading dot is optional), or `*` for all.
    package struct ProxySettings: Sendable, Equatable {
        /// The proxy `http://` requests go through, as written in the environment; `nil` for none.
        package let proxy: String?
        /// The proxy `https://` requests go through, as written in the environment; `nil` for none.
        package let secureProxy: String?
        /// The hosts (lowercased, without a leading dot) that bypass the proxy.
        package let exclusions: [String]

        /// The settings the process started with, read once: ``HTTP1Transport`` consults them for
        /// every hop, <doc:/Courier/RoutingTransport> when it is made.
        package static let process = ProxySettings(environment: ProcessInfo.processInfo.environment)

        /// The settings in `environment`.
        package init(environment: [String: String]) {
            func first(_ names: String...) -> String? {
                names.lazy.compactMap { environment[$0]?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
            }
            proxy = first("http_proxy", "all_proxy", "ALL_PROXY")
            secureProxy = first("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
            exclusions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
                .split(separator: ",")
                .map { entry in
                    let trimmed = entry.trimmingCharacters(in: .whitespaces).lowercased()
                    return trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed
                }
                .filter { !$0.isEmpty }
        }

        /// Whether requests to `host` go through the proxy (of `https://` when `secure`).
        package func proxies(host: String, secure: Bool = false) -> Bool {
            guard (secure ? secureProxy : proxy) != nil else { return false }
            var host = host.lowercased()
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host.hasSuffix(".") { host.removeLast() }
            for exclusion in exclusions {
                if exclusion == "*" || host == exclusion || host.hasSuffix("." + exclusion) { return false }
            }
            return true
        }

        /// Whether a request to `url` goes through a proxy: an `http://` or `https://` URL with a
        /// proxy for its scheme, whose host is not excluded.
        package func proxies(_ url: URL?) -> Bool {
            guard proxy != nil || secureProxy != nil, let url, let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = url.host
            else { return false }
            return proxies(host: host, secure: scheme == "https")
        }
    }
#endif
