import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The request as `transport` sends it, for the cache to judge: the cookies the transport adds
    /// from its own storage (``CookieAddingTransport``) follow the request's own `Cookie` header,
    /// as the native transport writes them. The request sent is left as it is, so the transport
    /// adds them once.
    ///
    /// Cookies are added below the cache until the provider's chain owns them; a transport that
    /// adds cookies without adopting ``CookieAddingTransport`` leaves the cache blind to them.
    func addingCookies(of transport: any Transport) -> URLRequest {
        guard let adding = transport as? any CookieAddingTransport, let stored = adding.storedCookies(for: self)
        else { return self }
        var request = self
        if let own = value(forHTTPHeaderField: "Cookie"), !own.isEmpty {
            request.setValue(own + "; " + stored, forHTTPHeaderField: "Cookie")
        } else {
            request.setValue(stored, forHTTPHeaderField: "Cookie")
        }
        return request
    }
}
