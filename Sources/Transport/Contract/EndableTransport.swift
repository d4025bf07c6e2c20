/// A transport of this package that can be ended for good: its calls in flight fail, and so does
/// every later call. `Provider.shutdown()` ends its transport through this.
///
/// Package-wide, not public: an app's own transport is the app's to end.
package protocol EndableTransport: Transport {
    /// Ends the transport: calls in flight and later calls fail; returns when it has ended.
    func shutdown() async
}
