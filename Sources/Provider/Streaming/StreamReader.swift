import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The iteration of one ``ResponseStream``: opens the call on the first `next()`, feeds the body
/// through its stage, reconnects an event stream when asked to, and cancels the call when the
/// iteration is dropped before the end.
final class StreamReader<Target: TargetType, Element>: @unchecked Sendable {
    // Unchecked: owned by one iterator, whose `next()` is `mutating`, so calls never overlap; the
    // connection it holds is itself `Sendable`.
    private let provider: Provider<Target>
    private let target: Target
    private let options: StreamOptions
    private let makeStage: (Response) -> any StreamStage<Element>
    private var connection: StreamConnection<Target>?
    private var stage: (any StreamStage<Element>)?
    private var pending: [Element] = []
    private var index = 0
    private var ended = false
    private var lastEventID: String?
    private var retryDelay: TimeInterval?
    private var reconnectionsInARow = 0
    private var schedule: ReconnectionSchedule?
    /// The rest of the chunk taken from the connection, not yet parsed.
    private var unparsed = Data()

    /// The most body bytes parsed at once: one read of tiny events would otherwise become
    /// thousands of values held at the same time.
    private static var parsedSliceSize: Int { 16 * 1024 }

    init(
        provider: Provider<Target>, target: Target, options: StreamOptions,
        makeStage: @escaping (Response) -> any StreamStage<Element>
    ) {
        self.provider = provider
        self.target = target
        self.options = options
        self.makeStage = makeStage
    }

    deinit {
        connection?.cancel()
    }

    func next() async throws(CourierError) -> Element? {
        while true {
            if index < pending.count {
                defer { index += 1 }
                return pending[index]
            }
            pending.removeAll(keepingCapacity: true)
            index = 0
            if ended { return nil }
            do throws(CourierError) {
                try await advance()
            } catch {
                if try await reconnect(after: error) { continue }
                ended = true
                throw error
            }
        }
    }

    /// Opens the call if needed and turns its next piece of body into `pending`.
    private func advance() async throws(CourierError) {
        let connection: StreamConnection<Target>
        if let open = self.connection {
            connection = open
        } else {
            if Task.isCancelled { throw .cancelled }
            connection = try await StreamConnection.open(
                target, on: provider, options: options, lastEventID: lastEventID)
            self.connection = connection
            stage = makeStage(connection.head)
            if let lastEventID { stage?.resume(lastEventID: lastEventID) }
        }
        guard var stage else { return }
        defer { self.stage = stage }
        do throws(CourierError) {
            if let chunk = try await nextSlice(of: connection, whole: stage is ChunkStage) {
                pending = try stage.feed(chunk)
                connection.count(elements: pending.count)
                if !pending.isEmpty { reconnectionsInARow = 0 }
            } else {
                pending = try stage.finish()
                connection.count(elements: pending.count)
                connection.finish(.success(connection.head))
                self.connection = nil
                ended = true
            }
        } catch {
            connection.finish(.failure(error))
            note(stage)
            throw error
        }
    }

    /// The next slice of the body: what is left of the chunk taken last, else the next chunk's
    /// first slice; `nil` at the end. Slices share the chunk's storage, so they go to parsers
    /// only: a stream of chunks (`whole`) hands each chunk on as it came, indexed from zero.
    private func nextSlice(
        of connection: StreamConnection<Target>, whole: Bool
    ) async throws(CourierError) -> Data? {
        if unparsed.isEmpty {
            guard let chunk = try await connection.nextChunk() else { return nil }
            if whole { return chunk }
            unparsed = chunk
        }
        let slice = unparsed.prefix(Self.parsedSliceSize)
        unparsed = unparsed.dropFirst(slice.count)
        return slice
    }

    private func note(_ stage: any StreamStage<Element>) {
        guard let resumption = stage.resumption else { return }
        if !resumption.lastEventID.isEmpty { lastEventID = resumption.lastEventID }
        if let retry = resumption.retry { retryDelay = TimeInterval(retry) / 1000 }
    }

    /// Whether the stream opens again after it failed with `error`.
    private func willReconnect(after error: CourierError) -> Bool {
        guard let policy = options.reconnection, stage?.resumption != nil,
            reconnectionsInARow < policy.maximumAttempts, !Task.isCancelled
        else { return false }
        // Only a connection that broke is opened again: not an answer, a limit or a cancellation.
        guard case .underlying(let cause, _) = error, !error.isCancelled, !(cause is StreamError) else { return false }
        return true
    }

    /// Waits the reconnection time and clears the call, so that the next `advance` opens it
    /// again; `false` when the stream does not reconnect.
    private func reconnect(after error: CourierError) async throws(CourierError) -> Bool {
        guard willReconnect(after: error) else { return false }
        connection = nil
        try await waitToReconnect()
        return true
    }

    /// Waits the reconnection time the server asked for, within the policy's bounds.
    private func waitToReconnect() async throws(CourierError) {
        reconnectionsInARow += 1
        let policy = options.reconnection ?? StreamReconnection()
        var schedule = self.schedule ?? ReconnectionSchedule(policy: policy)
        let wait = schedule.wait(requested: retryDelay, now: policy.clock.now())
        self.schedule = schedule
        do {
            try await policy.clock.sleep(wait)
        } catch {
            throw .cancelled
        }
    }
}
