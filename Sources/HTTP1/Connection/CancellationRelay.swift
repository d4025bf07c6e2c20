#if os(Linux)
    import CourierTransport

    /// Closes the connection of a call when its task is cancelled, whichever step the call is at.
    final class CancellationRelay: Sendable {
        private let state = LockedState<(cancelled: Bool, connection: HTTP1Connection?)>((false, nil))

        /// Follows `connection` from now on; closes it at once if the call was cancelled already.
        func attach(_ connection: HTTP1Connection) {
            let cancelled = state.withLock { state in
                state.connection = connection
                return state.cancelled
            }
            if cancelled { connection.close(because: CancellationError()) }
        }

        /// Closes the followed connection, and any attached later.
        func cancel() {
            let connection = state.withLock { state in
                state.cancelled = true
                return state.connection
            }
            connection?.close(because: CancellationError())
        }
    }
#endif
