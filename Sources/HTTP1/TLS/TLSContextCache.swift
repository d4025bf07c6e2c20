#if os(Linux)
    import Courier

    /// A transport's ``TLSContext``, made on its first `https://` call: a transport that never
    /// makes one loads neither OpenSSL nor the system's trust store. A context that cannot be
    /// made fails every `https://` call with the same error. Transports with the default options
    /// share one context, so each new one does not parse the system's trust store again.
    final class TLSContextCache: Sendable {
        /// The context of every transport with the default options.
        private static let shared = TLSContextCache(ownOptions: HTTP1Transport.TLSOptions())

        private let options: HTTP1Transport.TLSOptions
        private let made = LockedState<Result<TLSContext, TLSError>?>(nil)

        private let sharedWhenDefault: Bool

        init(options: HTTP1Transport.TLSOptions) {
            self.options = options
            sharedWhenDefault = options == HTTP1Transport.TLSOptions()
        }

        private init(ownOptions options: HTTP1Transport.TLSOptions) {
            self.options = options
            sharedWhenDefault = false
        }

        /// The context, made now if this is the first call.
        func context() throws(TLSError) -> TLSContext {
            if sharedWhenDefault { return try Self.shared.context() }
            return try made.withLock { made in
                if let made { return made }
                let result = Result { () throws(TLSError) -> TLSContext in try TLSContext(options: options) }
                made = result
                return result
            }.get()
        }
    }
#endif
