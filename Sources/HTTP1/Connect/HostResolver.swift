#if os(Linux)
    import Foundation
    import CourierTransport

    /// Finds the addresses of a host name, for ``HTTP1Transport`` to connect to.
    ///
    /// Injectable (``HTTP1Transport/init(options:eventLoops:resolver:racer:)``) so that
    /// connecting is tested without DNS. An implementation must not block the calling thread (a
    /// thread of Swift's cooperative pool) and must return soon after its task is cancelled: the
    /// transport cancels a lookup that outlives the request's timeout.
    protocol HostResolver: Sendable {
        /// The addresses of `host` for TCP on `port`, most preferred first.
        ///
        /// - Throws: `URLError(.cannotFindHost)` when the name has no address,
        ///   `CancellationError` when the task is cancelled.
        func addresses(host: String, port: Int) async throws -> [SocketAddress]

        /// The addresses of `host` on `port` when they are known without a lookup (a table the
        /// resolver holds); `nil` (the default) when they must be looked up. Known addresses need
        /// no lookup deadline.
        func knownAddresses(host: String, port: Int) -> [SocketAddress]?
    }

    extension HostResolver {
        func knownAddresses(host: String, port: Int) -> [SocketAddress]? { nil }
    }

    /// Name resolution with a deadline of its own.
    enum HostResolution {
        /// The addresses of `host` on `port` from `resolver`, within `timeout` nanoseconds of
        /// `clock` (`nil`: no limit). A numeric host is parsed on the spot, and addresses the
        /// resolver knows are taken as they are, without a lookup or its deadline.
        ///
        /// - Throws: `URLError(.timedOut)` when the lookup outlives `timeout` (it is cancelled),
        ///   and whatever the resolver throws.
        static func addresses(
            of host: String, port: Int, using resolver: any HostResolver, timeout: UInt64?, clock: LoopClock
        ) async throws -> [SocketAddress] {
            if let address = SocketAddress.numeric(host: host, port: port) { return [address] }
            if let known = resolver.knownAddresses(host: host, port: port) { return known }
            guard let timeout else { return try await resolver.addresses(host: host, port: port) }
            return try await withThrowingTaskGroup(of: [SocketAddress].self) { group in
                group.addTask { try await resolver.addresses(host: host, port: port) }
                group.addTask {
                    try await clock.sleep(nanoseconds: timeout)
                    throw URLError(
                        .timedOut, userInfo: [NSLocalizedDescriptionKey: "Resolving the host name \(host) timed out"])
                }
                defer { group.cancelAll() }
                guard let addresses = try await group.next() else { throw CancellationError() }
                return addresses
            }
        }
    }
#endif
