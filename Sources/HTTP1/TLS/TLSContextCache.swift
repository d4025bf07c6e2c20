#if os(Linux)
    import Courier

    /// A transport's ``TLSContext``, made on its first `https://` call: a transport that never
    /// makes one loads neither OpenSSL nor the system's trust store. A context that cannot be
    /// made fails every `https://` call with the same error.
    final class TLSContextCache: Sendable {
        private let options: HTTP1Transport.TLSOptions
        private let made = LockedState<Result<TLSContext, TLSError>?>(nil)

        init(options: HTTP1Transport.TLSOptions) {
            self.options = options
        }

        /// The context, made now if this is the first call.
        func context() throws(TLSError) -> TLSContext {
            try made.withLock { made in
                if let made { return made }
                let result = Result { () throws(TLSError) -> TLSContext in try TLSContext(options: options) }
                made = result
                return result
            }.get()
        }
    }
#endif
