import CourierTargets
import Foundation

/// What a ``StreamedBody`` holds between its producer and its consumer, always behind its lock.
struct BodyState: Sendable {
    /// How the body ended.
    enum End: Sendable {
        case finished
        case failed(any Error)
    }

    /// What the consumer gets next.
    enum Taken {
        case chunk(Data)
        case end
        case failure(any Error)
        case wait
    }

    /// What a stop hands out, to be resumed and called outside the lock.
    struct Stopped {
        var consumer: CheckedContinuation<Data?, any Error>?
        var producer: CheckedContinuation<Void, any Error>?
        var onCancel: (@Sendable () -> Void)?
        var idleWatch: Task<Void, Never>?
    }

    var chunks: [Data] = []
    /// The index in `chunks` of the first chunk not yet taken: taking does not shift the array.
    var first = 0
    var buffered = 0
    var peak = 0
    var end: End?
    var paused = false
    var cancelHandled = false
    var consumer: CheckedContinuation<Data?, any Error>?
    var producer: CheckedContinuation<Void, any Error>?
    var onResume: (@Sendable () -> Void)?
    var onCancel: (@Sendable () -> Void)?
    var idleWatch: Task<Void, Never>?
    /// Decodes what the consumer takes, when the chain decodes this body.
    var decoding: ReadDecoding?
    /// The clock of the idle limit, once it counts (``StreamedBody/limitIdleTime(to:clock:)``).
    var idleClock: WaitClock?
    /// When a byte last arrived, or the producer last resumed from a pause, on ``idleClock``.
    var lastActivity: UInt64 = 0

    /// Notes that the body moved, for the idle limit.
    mutating func noteActivity() {
        if let idleClock { lastActivity = idleClock.now() }
    }

    mutating func append(_ chunk: Data) {
        chunks.append(chunk)
        buffered += chunk.count
        peak = max(peak, buffered)
    }

    /// The next chunk, or what the consumer must do; the producer's resume handler when taking
    /// made room for it again (to be called outside the lock).
    mutating func take(limit: Int) -> (Taken, (@Sendable () -> Void)?) {
        guard first < chunks.count else {
            switch end {
            case nil: return (.wait, nil)
            case .finished?: return (.end, nil)
            case .failed(let error)?: return (.failure(error), nil)
            }
        }
        let chunk = chunks[first]
        // Released now: a taken chunk left in its slot would stay in memory until the array is
        // compacted, which may be many chunks later.
        chunks[first] = Data()
        first += 1
        buffered -= chunk.count
        if first == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            first = 0
        } else if first >= 64, first * 2 >= chunks.count {
            chunks.removeFirst(first)
            first = 0
        }
        guard paused, buffered <= limit / 2 else { return (.chunk(chunk), nil) }
        paused = false
        noteActivity()
        let producer = takeProducer()
        let onResume = self.onResume
        return (
            .chunk(chunk),
            {
                producer?.resume()
                onResume?()
            }
        )
    }

    mutating func takeProducer() -> CheckedContinuation<Void, any Error>? {
        defer { producer = nil }
        return producer
    }

    mutating func stop(with error: any Error, keepsBuffer: Bool) -> Stopped {
        var stopped = Stopped()
        if !cancelHandled {
            cancelHandled = true
            stopped.onCancel = onCancel
            onCancel = nil
            onResume = nil
        }
        if !keepsBuffer {
            chunks.removeAll()
            first = 0
            buffered = 0
        }
        if end == nil || !keepsBuffer { end = .failed(error) }
        stopped.consumer = consumer
        consumer = nil
        stopped.producer = takeProducer()
        stopped.idleWatch = idleWatch
        idleWatch = nil
        return stopped
    }
}
