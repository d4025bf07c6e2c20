import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call's state, made once at the top of the pipeline and handed from step to step as a
/// parameter: its id, the attempt its work has reached, the last attempt's timings, what the
/// cache noted, the stream it opens when it streams, and its deadline race (``Deadline``).
///
/// Two tasks share it: the work (every attempt, in a task of its own) writes it, and the caller
/// reads it when the call ends, while work that was let go may still be writing; so its mutable
/// part sits behind one lock. Plugins see it through ``CallContext``, a read-only view.
///
/// Unchecked `Sendable` for `accept` alone (a decoding closure captures its output type, a
/// metatype Swift does not count as `Sendable`): only the work calls it, one response after
/// another, and the caller calls it again, if at all, only after the work handed over its result.
final class Call: @unchecked Sendable {
    struct State {
        var attempt = 1
        /// What the transport measured of the attempt that got furthest, and which attempt that was.
        var timings: (attempt: Int, value: CallTimings)?
        var cacheNote: CacheCallNote?
        var race = DeadlineRace()
    }

    /// Identifies the call among every call of the process.
    let id: UInt64
    /// When the call started (before its first `prepare`).
    let startedAt: ContinuousClock.Instant
    /// The streaming call's session, when the call streams: the exchange opens its body there.
    let stream: StreamSession?
    /// Checks (and may decode) each response before the plugins see it.
    let accept: (Response) throws(CourierError) -> Void
    /// The provider's clock: the call's deadline and the wind-down after it count on it.
    let clock: WaitClock
    /// What Courier's offline-first layer asks of this call; ``CallOptions/none`` for an app's.
    let options: CallOptions
    /// Read and written only by ``Deadline`` and the accessors below.
    let state = LockedState(State())

    private static let lastID = Atomic<UInt64>(0)

    init(
        stream: StreamSession? = nil, clock: WaitClock = .system, options: CallOptions = .none,
        accept: @escaping (Response) throws(CourierError) -> Void
    ) {
        id = Self.lastID.wrappingAdd(1, ordering: .relaxed).newValue
        startedAt = .now
        self.stream = stream
        self.clock = clock
        self.options = options
        self.accept = accept
    }

    /// The attempt the work runs now, or ran last (a late retry of work that was let go may still
    /// move it on).
    var attempt: Int { state.withLock { $0.attempt } }

    /// The work starts attempt `number`.
    func begin(attempt number: Int) {
        state.withLock { $0.attempt = number }
    }

    /// What the transport measured of attempt `number`'s exchange, if it measured it.
    func timings(of number: Int) -> CallTimings? {
        state.withLock { state in
            guard let timings = state.timings, timings.attempt == number else { return nil }
            return timings.value
        }
    }

    /// Attempt `number`'s exchange was measured.
    func record(_ timings: CallTimings, of number: Int) {
        state.withLock { $0.timings = (number, timings) }
    }

    /// The last cacheable request the cache saw, for the offline fallback at the call's end.
    var cacheNote: CacheCallNote? { state.withLock { $0.cacheNote } }

    /// Notes the cacheable request an attempt sends.
    func note(_ note: CacheCallNote) {
        state.withLock { $0.cacheNote = note }
    }

    /// The plugins' view of attempt `number`.
    func context(at number: Int) -> CallContext {
        CallContext(call: self, attempt: number)
    }

    /// The error the work ends with when its task was cancelled: a timeout when the call's
    /// deadline cancelled it, ``CourierError/cancelled`` otherwise. The plugins see the reason the
    /// caller sees.
    var stopped: CourierError {
        state.withLock { $0.race.timedOut } ? .underlying(URLError(.timedOut), nil) : .cancelled
    }

    /// Any error as a ``CourierError``: cancellations become ``stopped``, a `CourierError` stays
    /// as it is, anything else is `.underlying(error, nil)`.
    func courierError(_ error: any Error) -> CourierError {
        if let courierError = error as? CourierError { return courierError }
        if error is CancellationError || (error as? URLError)?.code == .cancelled { return stopped }
        return .underlying(error, nil)
    }
}
