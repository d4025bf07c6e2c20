#if os(Linux)
    import CourierTransport
    import Dispatch

    /// A transport's ``TLSContext``, found on its first `https://` call: a transport that never
    /// makes one loads neither OpenSSL nor the system's trust store.
    final class TLSContextCache: Sendable {
        private let options: HTTP1Transport.TLSOptions
        private let found = LockedState<Result<TLSContext, TLSError>?>(nil)

        init(options: HTTP1Transport.TLSOptions) {
            self.options = options
        }

        /// The context; a context that cannot be made fails every `https://` call with its error.
        func context() async throws(TLSError) -> TLSContext {
            if let found = found.withLock({ $0 }) { return try found.get() }
            let result = await SharedTLSContexts.process.context(for: options)
            found.withLock { $0 = result }
            return try result.get()
        }
    }

    /// The process's TLS contexts, one per set of options. Making one parses the system's trust
    /// store, milliseconds of work that would hold a thread of Swift's cooperative pool: it is
    /// done once per options, on a queue of Courier's, and every transport with the same options
    /// shares the result (and so the sessions it keeps).
    final class SharedTLSContexts: Sendable {
        static let process = SharedTLSContexts()

        private enum Entry {
            case made(Result<TLSContext, TLSError>)
            case making([CheckedContinuation<Result<TLSContext, TLSError>, Never>])
        }

        private struct State: Sendable {
            var entries: [HTTP1Transport.TLSOptions: Entry] = [:]
            /// Options in the order their contexts were made, to forget the oldest first.
            var order: [HTTP1Transport.TLSOptions] = []
        }

        /// Contexts kept for options no transport may use any more; a transport keeps its own.
        private static let limit = 16
        private let state = LockedState(State())
        private let queue = DispatchQueue(label: "Courier.TLSContexts")

        func context(for options: HTTP1Transport.TLSOptions) async -> Result<TLSContext, TLSError> {
            await withCheckedContinuation { continuation in
                let made = state.withLock { state -> Result<TLSContext, TLSError>?? in
                    switch state.entries[options] {
                    case .made(let result):
                        return .some(result)
                    case .making(let waiters):
                        state.entries[options] = .making(waiters + [continuation])
                        return .some(nil)
                    case nil:
                        state.entries[options] = .making([continuation])
                        return nil
                    }
                }
                switch made {
                case .some(.some(let result)): continuation.resume(returning: result)
                case .some(.none): break
                case .none: queue.async { self.make(options) }
                }
            }
        }

        private func make(_ options: HTTP1Transport.TLSOptions) {
            let result = Result { () throws(TLSError) -> TLSContext in try TLSContext(options: options) }
            let waiters = state.withLock { state -> [CheckedContinuation<Result<TLSContext, TLSError>, Never>] in
                guard case .making(let waiters) = state.entries[options] else { return [] }
                state.entries[options] = .made(result)
                state.order.append(options)
                if state.order.count > Self.limit { state.entries[state.order.removeFirst()] = nil }
                return waiters
            }
            for waiter in waiters { waiter.resume(returning: result) }
        }
    }
#endif
