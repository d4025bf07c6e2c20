import Foundation

extension Provider {
    /// Cancels every call in flight and ends the transport, for good: what an app does at logout
    /// (Moya's `provider.session.session.invalidateAndCancel()`).
    ///
    /// Each call in flight ends at once with ``CourierError/cancelled``, as if its task had been
    /// cancelled, and so does every call made afterwards, without reaching the transport. The
    /// transport ends too when it is one of Courier's (``RoutingTransport``,
    /// ``URLSessionTransport``, `HTTP1Transport`): a transport shared with another provider ends
    /// for that provider as well, as a shared Alamofire session did. A transport of the app's own
    /// is left as it is. Returns when the transport has ended; calling it again does nothing more.
    ///
    /// ```swift
    /// func logOut() async {
    ///     await provider.shutdown()      // every request in flight fails with a cancellation
    ///     provider = Provider<AccountAPI>()   // a fresh one for the next user
    /// }
    /// ```
    public func shutdown() async {
        cancelEveryCall()
        await (transport as? any EndableTransport)?.shutdown()
    }

    /// The synchronous half of ``shutdown()``: ends every call in flight and admits no other, so
    /// that code which cannot wait (Moya's `invalidateAndCancel()`) takes effect at once.
    package func cancelEveryCall() {
        calls.shutDown()
    }
}
