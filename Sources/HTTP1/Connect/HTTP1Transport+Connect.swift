#if os(Linux)
    import Foundation
    import Courier

    /// Opening a new connection for a call: name resolution off the caller's thread, addresses
    /// raced, and an end to both when the transport shuts down.
    extension HTTP1Transport {
        /// A new connection to `target`'s host and port, on `loop`, counted by the pool as in use.
        ///
        /// `timeout` bounds the name lookup and each connection attempt; `relay` closes the
        /// connection if the task is cancelled.
        ///
        /// - Throws: ``ShutdownError`` when the transport shuts down first; `URLError`
        ///   (`.cannotFindHost`, `.timedOut`) from the lookup; ``ConnectionFailure`` when no
        ///   address accepts; `CancellationError`.
        func openConnection(
            to target: HTTPRequestSerializer.Target, key: HTTP1ConnectionPool.Key, loop: EventLoop,
            timeout: UInt64?, relay: CancellationRelay
        ) async throws -> HTTP1Connection {
            if shutdownSignal.hasFired { throw ShutdownError() }
            let resolver = resolver
            let shutdownSignal = shutdownSignal
            let connection = try await withThrowingTaskGroup(of: HTTP1Connection?.self) { group in
                group.addTask {
                    let addresses = try await HostResolution.addresses(
                        of: target.host, port: target.port, using: resolver, timeout: timeout)
                    return try await HTTP1Connection.open(
                        to: addresses, key: key, loop: loop, timeout: timeout, relay: relay, racer: self.racer)
                }
                group.addTask {
                    await shutdownSignal.wait()
                    return nil
                }
                let first = try await group.next()
                group.cancelAll()
                if case .some(.some(let connection)) = first { return connection }
                // The shutdown came first: what the cancelled attempt still made is closed.
                while let late = try? await group.next() { late?.close(because: ShutdownError()) }
                throw ShutdownError()
            }
            try pool.track(connection)
            return connection
        }
    }
#endif
