#if os(Linux)
    import Foundation
    import CourierTransport

    /// Opening a new connection for a call: name resolution off the caller's thread, addresses
    /// raced, and an end to both when the transport shuts down.
    extension HTTP1Transport {
        /// A new connection to `target`'s host and port, on `loop`, counted by the pool as in use,
        /// with how long connecting took once the name was resolved.
        ///
        /// `timeout` bounds the name lookup, and each connection attempt together with
        /// ``Options/connectTimeout``; `relay` closes the connection if the task is cancelled.
        ///
        /// - Throws: ``ShutdownError`` when the transport shuts down first; `URLError`
        ///   (`.cannotFindHost`, `.timedOut`) from the lookup; ``ConnectionFailure`` when no
        ///   address accepts; `CancellationError`.
        func openConnection(
            to target: HTTPRequestSerializer.Target, key: HTTP1ConnectionPool.Key, loop: EventLoop,
            timeout: UInt64?, relay: CancellationRelay
        ) async throws -> OpenedConnection {
            if shutdownSignal.hasFired { throw ShutdownError() }
            let resolver = resolver
            let shutdownSignal = shutdownSignal
            let connectTimeout = [timeout, MonotonicClock.nanoseconds(options.connectTimeout)].compactMap { $0 }.min()
            let tls =
                target.isSecure
                ? TLSSetup(context: try await tlsContexts.context(), host: HostName.normalized(target.host)) : nil
            let opened = try await withThrowingTaskGroup(of: OpenedConnection?.self) { group in
                group.addTask {
                    let addresses = try await HostResolution.addresses(
                        of: target.host, port: target.port, using: resolver, timeout: timeout, clock: loop.clock)
                    let resolvedAt = MonotonicClock.now()
                    let connection = try await HTTP1Connection.open(
                        to: addresses, key: key, loop: loop, timeout: connectTimeout, relay: relay, racer: self.racer,
                        tls: tls)
                    return OpenedConnection(
                        connection: connection, connectedAt: MonotonicClock.now(), since: resolvedAt)
                }
                group.addTask {
                    await shutdownSignal.wait()
                    return nil
                }
                let first = try await group.next()
                group.cancelAll()
                if case .some(.some(let opened)) = first { return opened }
                // The shutdown came first: what the cancelled attempt still made is closed.
                while let late = try? await group.next() { late?.connection.close(because: ShutdownError()) }
                throw ShutdownError()
            }
            try pool.track(opened.connection)
            return opened
        }
    }

    /// A connection just opened, and when (on ``MonotonicClock``), for the call's timings.
    struct OpenedConnection: Sendable {
        let connection: HTTP1Connection
        /// When the handshake ended.
        let connectedAt: UInt64
        /// How long the handshake took, in nanoseconds: from the name resolved to connected.
        let connecting: UInt64

        init(connection: HTTP1Connection, connectedAt: UInt64, since resolvedAt: UInt64) {
            self.connection = connection
            self.connectedAt = connectedAt
            connecting = connectedAt - min(resolvedAt, connectedAt)
        }
    }
#endif
