import Foundation

/// The time an <doc:/Courier/Outbox> waits on, moved by the test: each wait between two attempts
/// (the backoff) is announced with its length and lasts until the test ends it, so a test of
/// retries never sleeps.
///
/// ```swift
/// let clock = OutboxTestClock()
/// let outbox = Outbox(provider: api, directory: folder, options: OutboxOptions().waiting(on: clock))
/// var waits = clock.waits.makeAsyncIterator()
///
/// network.isDown = true
/// try await outbox.enqueue(.like(postID: 7))
/// #expect(await waits.next() == .seconds(1))    // the first backoff
/// network.isDown = false
/// clock.advance()                                // the wait ends: the like is sent
/// ```
public final class OutboxTestClock: Sendable {
    private struct State {
        var waiting: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var next: UInt64 = 0
    }

    private let state = LockedState(State())
    private let announce: AsyncStream<Duration>.Continuation
    /// The length of each wait, as it begins (one reader).
    public let waits: AsyncStream<Duration>

    /// Creates a clock with no wait under way.
    public init() {
        (waits, announce) = AsyncStream.makeStream(of: Duration.self)
    }

    /// Ends every wait under way, as if its time had passed.
    public func advance() {
        let waiting = state.withLock { state in
            defer { state.waiting = [:] }
            return state.waiting
        }
        for waiter in waiting.values { waiter.resume() }
    }

    /// Waits until ``advance()``, or until the waiting task is cancelled.
    func wait(_ duration: Duration) async throws {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) } else { announce.yield(duration) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiting.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

extension OutboxOptions {
    /// These options, with every wait waited on `clock` and no jitter (each wait is the backoff's
    /// whole step), for tests.
    public func waiting(on clock: OutboxTestClock) -> OutboxOptions {
        var options = self
        options.wait = { duration in try await clock.wait(duration) }
        options.random = { 1 }
        return options
    }
}
