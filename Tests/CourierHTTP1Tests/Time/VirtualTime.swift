#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// A native transport whose every deadline is on a ``ManualClock``, and ways to move it.
    struct VirtualTime {
        let clock = ManualClock()
        /// Loops of the transport's own, on `clock`.
        let loops: HTTP1EventLoopGroup

        init() {
            loops = HTTP1EventLoopGroup(loopCount: 1, threadName: "courier-vtime", clock: .manual(clock))
        }

        /// A transport on these loops, finding addresses with `resolver`.
        func transport(options: HTTP1Transport.Options = .init(), resolver: any HostResolver = SystemHostResolver())
            -> HTTP1Transport
        {
            HTTP1Transport(options: options, eventLoops: loops, resolver: resolver)
        }

        /// Thrown when `operation` did not end within the safety net.
        struct Hang: Error {}

        /// Runs `operation` while moving the clock to each next deadline as soon as something waits
        /// for one; returns the outcome and how much virtual time passed.
        ///
        /// The only wall-clock bound is a safety net against a hang (30 s, scaled for sanitizers):
        /// the outcome itself never waits for real time.
        func drive<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async
            -> (result: Result<T, any Error>, elapsed: Duration)
        {
            let clock = clock
            let start = clock.now()
            let result = await withTaskGroup(of: Result<T, any Error>?.self) { group in
                group.addTask {
                    do { return .success(try await operation()) } catch { return .failure(error) }
                }
                group.addTask {
                    while let next = await clock.nextDeadline() { await clock.advance(to: next) }
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(NativeTiming.hangGuard * 1e9))
                    return Task.isCancelled ? nil : .failure(Hang())
                }
                defer { group.cancelAll() }
                while let next = await group.next() {
                    if let outcome = next { return outcome }
                }
                return .failure(Hang())
            }
            return (result, .nanoseconds(Int64(clock.now() - start)))
        }
    }

    /// A resolver that answers every name with the same addresses, known without a lookup.
    struct FixedAddresses: HostResolver {
        let answer: [SocketAddress]
        func addresses(host: String, port: Int) async throws -> [SocketAddress] { answer }
        func knownAddresses(host: String, port: Int) -> [SocketAddress]? { answer }
    }

    /// A resolver whose lookups never end, until cancelled (as a DNS server that does not answer).
    struct SilentResolver: HostResolver {
        func addresses(host: String, port: Int) async throws -> [SocketAddress] {
            let (never, _) = AsyncStream.makeStream(of: Never.self)
            for await _ in never {}
            throw CancellationError()
        }
    }

    extension NativeTestServer {
        /// The first event matching `predicate`; a guard (``NativeTiming/hangGuard``) against a hang.
        func firstEvent(where predicate: @escaping @Sendable (Event) -> Bool) async throws -> Event {
            try await withThrowingTaskGroup(of: Event?.self) { group in
                group.addTask { [events] in
                    for await event in events where predicate(event) { return event }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(NativeTiming.hangGuard * 1e9))
                    return nil
                }
                defer { group.cancelAll() }
                guard let event = try await group.next() ?? nil else { throw URLError(.timedOut) }
                return event
            }
        }
    }
#endif
