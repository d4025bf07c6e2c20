import CourierTargets
import Foundation

/// The body of a streamed response on its way from a transport to the app: a buffer of about
/// ``bufferLimit`` bytes between a producer (the transport, writing what the network delivers)
/// and the consumer (the app's loop, reading at its own pace).
///
/// The buffer is what keeps memory constant for a body of any length: ``yield(_:)`` returns
/// `false` once the buffer is full, and the producer then stops reading from the network until
/// the handler given to ``onResume(_:)`` runs, when the consumer has taken half of it.
/// A producer that can wait uses ``send(_:)`` instead, which returns when there is room.
///
/// ```swift
/// func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
///     let connection = try await open(request)
///     body.onCancel { connection.close() }
///     Task {
///         do {
///             for try await chunk in connection.chunks { try await body.send(chunk) }
///             body.finish()
///         } catch {
///             body.finish(throwing: error)
///         }
///     }
///     return connection.head
/// }
/// ```
public final class StreamedBody: Sendable {
    /// The buffer a provider gives a stream unless told otherwise: 256 KiB.
    public static let defaultBufferLimit = 256 * 1024

    /// How many bytes the buffer holds before ``yield(_:)`` asks the producer to pause. A producer
    /// that delivers what it has already read may go past it by one delivery.
    public let bufferLimit: Int

    let state: LockedState<BodyState>

    /// Creates an empty body with a buffer of `bufferLimit` bytes (at least one).
    public init(bufferLimit: Int = StreamedBody.defaultBufferLimit) {
        self.bufferLimit = max(1, bufferLimit)
        state = LockedState(BodyState())
    }

    /// A body that holds `data` whole and has ended: what a stub's sample answers.
    package static func complete(_ data: Data) -> StreamedBody {
        let body = StreamedBody(bufferLimit: max(1, data.count))
        body.yield(data)
        body.finish()
        return body
    }

    // MARK: Producer

    /// Runs `handler` whenever a paused producer may read again (``yield(_:)`` returned `false`
    /// and the consumer has since taken half the buffer). It runs on the consumer's thread: hop to
    /// the producer's own queue before touching its state.
    public func onResume(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.onResume = handler }
    }

    /// Runs `handler` once when the consumer stops (the app's loop ended early or its task was
    /// cancelled) or the stream's idle limit passed: the producer must stop its network work.
    /// It runs at once if that happened already.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.cancelHandled else { return true }
            state.onCancel = handler
            return false
        }
        if runNow { handler() }
    }

    /// Whether the consumer stopped or the stream failed: what a producer still delivers is dropped.
    public var isCancelled: Bool { state.withLock { $0.cancelHandled } }

    /// Whether the buffer is full and the producer should not read more until ``onResume(_:)``'s
    /// handler runs.
    public var isPaused: Bool { state.withLock { $0.paused } }

    /// Hands `chunk` to the consumer; returns `false` when the buffer is now full (pause until the
    /// ``onResume(_:)`` handler runs) or the body was cancelled.
    @discardableResult
    public func yield(_ chunk: Data) -> Bool {
        let limit = bufferLimit
        let (waiter, hasRoom) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard state.end == nil else { return (nil, false) }
            guard !chunk.isEmpty else { return (nil, !state.paused) }
            state.noteActivity()
            if let consumer = state.consumer {
                state.consumer = nil
                return (consumer, true)
            }
            state.append(chunk)
            if state.buffered >= limit { state.paused = true }
            return (nil, !state.paused)
        }
        waiter?.resume(returning: chunk)
        return hasRoom
    }

    /// Hands `chunk` to the consumer, waiting while the buffer is full; throws
    /// `CancellationError` when the consumer stopped or the calling task was cancelled.
    public func send(_ chunk: Data) async throws {
        if yield(chunk) { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Bool? in
                    if state.end != nil { return false }
                    if !state.paused { return true }
                    state.producer = continuation
                    return nil
                }
                switch ready {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            state.withLock { $0.takeProducer() }?.resume(throwing: CancellationError())
        }
    }

    /// Ends the body: normally when `error` is `nil`, with `error` otherwise. The consumer reads
    /// what is buffered first. Later calls, and a call after a cancellation, do nothing.
    public func finish(throwing error: (any Error)? = nil) {
        let (consumer, idleWatch) = state.withLock { state in
            guard state.end == nil else {
                return (CheckedContinuation<Data?, any Error>?.none, Task<Void, Never>?.none)
            }
            state.end = error.map { .failed($0) } ?? .finished
            defer {
                state.consumer = nil
                state.idleWatch = nil
            }
            return (state.consumer, state.idleWatch)
        }
        idleWatch?.cancel()
        if let error {
            consumer?.resume(throwing: error)
        } else {
            consumer?.resume(returning: nil)
        }
    }

    // MARK: Consumer

    /// The next chunk, `nil` at the end of the body; throws the body's failure, or
    /// `CancellationError` when it was cancelled (also when the calling task is). A body the
    /// chain decodes (``decodeAsRead(with:)``) hands over decoded pieces.
    package func next() async throws -> Data? {
        if let decoding = state.withLock({ $0.decoding }) { return try await decoding.next(from: self) }
        return try await nextAsSent()
    }

    /// The next chunk as the producer delivered it.
    func nextAsSent() async throws -> Data? {
        let (taken, resume) = state.withLock { $0.take(limit: bufferLimit) }
        resume?()
        switch taken {
        case .chunk(let chunk): return chunk
        case .end: return nil
        case .failure(let error): throw error
        case .wait: break
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let (taken, resume) = state.withLock { state in
                    let (taken, resume) = state.take(limit: bufferLimit)
                    if case .wait = taken { state.consumer = continuation }
                    return (taken, resume)
                }
                resume?()
                switch taken {
                case .chunk(let chunk): continuation.resume(returning: chunk)
                case .end: continuation.resume(returning: nil)
                case .failure(let error): continuation.resume(throwing: error)
                case .wait: break
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the body: what is buffered is dropped, a waiting read and ``send(_:)`` throw
    /// `CancellationError`, and the producer's ``onCancel(_:)`` handler runs, once.
    public func cancel() {
        stop(with: CancellationError(), keepsBuffer: false)
    }

    /// Ends the body with `error` and tells the producer to stop; `keepsBuffer` lets the consumer
    /// read what arrived before.
    func stop(with error: any Error, keepsBuffer: Bool) {
        let stopped = state.withLock { $0.stop(with: error, keepsBuffer: keepsBuffer) }
        stopped.idleWatch?.cancel()
        stopped.consumer?.resume(throwing: error)
        stopped.producer?.resume(throwing: CancellationError())
        stopped.onCancel?()
    }

    /// The most bytes the buffer held at once so far.
    package var peakBufferedBytes: Int { state.withLock { $0.peak } }
}
