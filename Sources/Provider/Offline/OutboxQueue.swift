import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mutations of one outbox folder in this process, and the one sender that sends them: in
/// order, one at a time, whichever ``Outbox`` of the folder each is sent through.
///
/// Every ``Outbox`` made on a folder shares its queue (``shared(directory:options:)``), so two
/// providers of one process that name the same folder never send an entry twice at once, nor out
/// of order: each attempt goes through the provider of the outbox made last that is still open.
///
/// What the queue holds changes only in blocks on its journal's queue (``OutboxJournal/run(_:)``),
/// together with the journal: loading, an enqueue, an attempt's end, a retry, a drop, `removeAll`.
/// The sender is a task of its own, which runs while an outbox of the folder is open.
final class OutboxQueue<Target: TargetType & Codable>: Sendable {
    /// How an outbox of the folder sends, listens and publishes; registered while it is open.
    struct Sender: Sendable {
        let id: UInt64
        let send: @Sendable (OutboxEntry<Target>) async -> Result<Response, CourierError>
        /// Starts (`true`) or stops listening to the provider's successful calls.
        let listen: @Sendable (Bool) -> Void
        /// What the outboxes show changed.
        let changed: @Sendable () -> Void
    }

    /// An entry, its failure once it failed, and its journal line (what it weighs against
    /// ``OutboxOptions/maximumBytes``, and what a rewritten journal holds of it).
    struct Slot: Sendable {
        var entry: OutboxEntry<Target>
        var failure: OutboxFailure<Target>?
        var line: Data
    }

    /// What the outboxes show, and which of it changed since a version.
    struct Snapshot: Sendable {
        var pending: [OutboxEntry<Target>] = []
        var inFlight: OutboxEntry<Target>?
        var failed: [OutboxFailure<Target>] = []
        var problem: OutboxError?
        var versions = Versions()
    }

    /// Counts changes of each part of a ``Snapshot``.
    struct Versions: Sendable, Equatable {
        var pending: UInt64 = 0
        var inFlight: UInt64 = 0
        var failed: UInt64 = 0
    }

    private struct State: Sendable {
        var loaded = false
        var problem: OutboxError?
        var slots: [Slot] = []
        var nextSequence: UInt64 = 1
        var bytes = 0
        var inFlight: UUID?
        var sending: Task<Result<Response, CourierError>, Never>?
        /// The outbox whose provider makes the attempt under way.
        var sendingBy: UInt64?
        var senders: [Sender] = []
        var isRunning = false
        var outcomes: [UInt64: AsyncStream<OutboxOutcome<Target>>.Continuation] = [:]
        var nextOutcomeID: UInt64 = 0
        var versions = Versions()
    }

    let journal: OutboxJournal
    let options: OutboxOptions
    private let state = LockedState(State())
    /// Ends the sender's wait for work: an enqueue, a retry, an outbox closing.
    private let work = OutboxWake()
    /// Ends the sender's backoff: the app says the network is back, or another call succeeded.
    private let retryNow = OutboxWake()

    private init(directory: URL, options: OutboxOptions) {
        journal = OutboxJournal(directory: directory)
        self.options = options
    }

    /// The queue of `directory` in this process: the one its outboxes share, made (and its folder
    /// read) the first time; the options are the first outbox's.
    ///
    /// - Throws: ``OutboxError/folderInUse(path:)`` when an open outbox of the folder has another
    ///   target type.
    static func shared(directory: URL, options: OutboxOptions) throws(OutboxError) -> OutboxQueue {
        let directory = directory.standardizedFileURL
        let made = try OutboxQueues.queue(for: directory.path, type: Target.self) {
            OutboxQueue(directory: directory, options: options)
        }
        if made.isNew { made.queue.load() }
        return made.queue
    }

    // MARK: What the outboxes show

    /// The pending entries, the one in flight, the failed ones, and the folder's problem.
    func snapshot() -> Snapshot {
        state.withLock { state in
            var snapshot = Snapshot(problem: state.problem, versions: state.versions)
            for slot in state.slots {
                if let failure = slot.failure {
                    snapshot.failed.append(failure)
                } else {
                    snapshot.pending.append(slot.entry)
                    if slot.entry.id == state.inFlight { snapshot.inFlight = slot.entry }
                }
            }
            return snapshot
        }
    }

    /// A new sequence of the outcomes from now on.
    func outcomes() -> AsyncStream<OutboxOutcome<Target>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: OutboxOutcome<Target>.self, bufferingPolicy: .bufferingNewest(max(64, options.maximumEntries)))
        let id = state.withLock { state in
            state.nextOutcomeID += 1
            state.outcomes[state.nextOutcomeID] = continuation
            return state.nextOutcomeID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.outcomes.removeValue(forKey: id) }
        }
        return stream
    }

    /// Returns once everything queued on the journal before it is done (its reading included);
    /// the folder's problem, if it has one.
    func loaded() async -> OutboxError? {
        (try? await journal.run { [self] () throws(OutboxError) in state.withLock { $0.problem } }) ?? nil
    }

    // MARK: Outboxes

    /// `sender` sends from now on (the newest first), and the sender task starts if it was not running.
    func attach(_ sender: Sender) {
        let start = state.withLock { state in
            state.senders.append(sender)
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        if start { Task { await self.run() } }
    }

    /// `id` no longer sends; an attempt it was making is cancelled (the entry stays pending).
    func detach(_ id: UInt64) {
        let sending = state.withLock { state -> Task<Result<Response, CourierError>, Never>? in
            guard let index = state.senders.firstIndex(where: { $0.id == id }) else { return nil }
            state.senders.remove(at: index)
            return state.sendingBy == id ? state.sending : nil
        }
        sending?.cancel()
        work.wake()
        retryNow.wake()
    }

    /// The app says the network is back: a backoff under way ends, and the next entry goes now.
    func sendNow() {
        retryNow.wake()
    }

    /// Another call of a provider succeeded: a backoff after a network failure ends.
    func networkIsBack() {
        retryNow.wake()
    }

    // MARK: Changes the app asks for

    /// Stores `target` as a new pending entry after the others.
    func enqueue(_ target: Target, key: String?) async throws(OutboxError) -> OutboxEntry<Target> {
        let id = Self.newID()
        let key = key ?? id.uuidString.lowercased()
        guard OutboxRecord<Target>.isValidKey(key) else { throw .invalidIdempotencyKey(key) }
        let (entries, bytes) = (options.maximumEntries, options.maximumBytes)
        let entry = try await journal.run { [self] () throws(OutboxError) -> OutboxEntry<Target> in
            let (sequence, used) = try state.withLock { state throws(OutboxError) in
                if let problem = state.problem { throw problem }
                guard state.slots.count < entries else { throw .full(maximumEntries: entries, maximumBytes: bytes) }
                return (state.nextSequence, state.bytes)
            }
            let entry = OutboxEntry(
                id: id, target: target, idempotencyKey: key, enqueuedAt: Date(), attempts: 0, sequence: sequence)
            let line: Data
            do {
                line = try OutboxJournalLine.put(OutboxRecord(entry, failure: nil)).encoded(by: journal.encoder)
            } catch {
                throw .targetNotEncodable(String(describing: error))
            }
            if let field = TargetCredentialCheck.credentialField(inTargetOf: line) {
                throw .credentialInTarget(field: field)
            }
            guard used + line.count <= bytes else { throw .full(maximumEntries: entries, maximumBytes: bytes) }
            try journal.append(line)
            state.withLock { state in
                state.slots.append(Slot(entry: entry, line: line))
                state.bytes += line.count
                state.nextSequence = sequence + 1
                state.versions.pending += 1
            }
            return entry
        }
        changed()
        work.wake()
        return entry
    }

    /// Puts the failed entry `id` back among the pending ones, in its place, to be sent again.
    func retry(_ id: UUID) async throws(OutboxError) {
        try await journal.run { [self] () throws(OutboxError) in
            guard let slot = state.withLock({ $0.slots.first { $0.entry.id == id && $0.failure != nil } }) else {
                throw .notFailed(id)
            }
            try store(slot.entry, failure: nil)
        }
        changed()
        work.wake()
        retryNow.wake()
    }

    /// Deletes the entry `id`, pending or failed; an attempt to send it is cancelled (it may have
    /// reached the server already).
    func drop(_ id: UUID) async {
        let sending = state.withLock { $0.inFlight == id ? $0.sending : nil }
        sending?.cancel()
        _ = try? await journal.run { [self] () throws(OutboxError) in try forget(id) }
        changed()
    }

    /// Deletes every entry, pending and failed, and cancels the attempt under way.
    func removeAll() async {
        let sending = state.withLock { $0.sending }
        sending?.cancel()
        _ = try? await journal.run { [self] () throws(OutboxError) in
            guard state.withLock({ $0.problem }) == nil else { return }
            // Cleared in memory even if the journal could not be rewritten: nothing of it is sent.
            defer {
                state.withLock { state in
                    state.slots = []
                    state.bytes = 0
                    state.versions.pending += 1
                    state.versions.failed += 1
                }
            }
            try journal.rewrite([])
        }
        changed()
    }

    // MARK: The journal, on its queue

    /// Stores `entry` (with `failure`, or pending without one) in place of the entry with its id,
    /// if the queue still holds it; `false` when it does not.
    @discardableResult
    private func store(_ entry: OutboxEntry<Target>, failure: OutboxFailure<Target>?) throws(OutboxError) -> Bool {
        guard state.withLock({ $0.slots.contains { $0.entry.id == entry.id } }) else { return false }
        let stored = failure.map {
            OutboxRecord<Target>.StoredFailure(
                statusCode: $0.statusCode, message: $0.message, failedAt: $0.failedAt.timeIntervalSince1970)
        }
        let line =
            (try? OutboxJournalLine.put(OutboxRecord(entry, failure: stored)).encoded(by: journal.encoder)) ?? Data()
        try journal.append(line)
        state.withLock { state in
            guard let index = state.slots.firstIndex(where: { $0.entry.id == entry.id }) else { return }
            let wasFailed = state.slots[index].failure != nil
            state.bytes += line.count - state.slots[index].line.count
            state.slots[index] = Slot(entry: entry, failure: failure, line: line)
            state.versions.pending += 1
            if wasFailed || failure != nil { state.versions.failed += 1 }
        }
        compactIfNeeded()
        return true
    }

    /// Removes the entry `id`, if the queue holds it; `false` when it does not.
    @discardableResult
    private func forget(_ id: UUID) throws(OutboxError) -> Bool {
        guard let slot = state.withLock({ $0.slots.first { $0.entry.id == id } }) else { return false }
        try journal.append((try? OutboxJournalLine<Target>.delete(id).encoded(by: journal.encoder)) ?? Data())
        state.withLock { state in
            state.slots.removeAll { $0.entry.id == id }
            state.bytes -= slot.line.count
            if slot.failure == nil { state.versions.pending += 1 } else { state.versions.failed += 1 }
        }
        compactIfNeeded()
        return true
    }

    /// Rewrites the journal without its dead lines once they outweigh the live ones (and 64 KiB).
    private func compactIfNeeded() {
        let (lines, live) = state.withLock { state in (state.slots.map(\.line), state.bytes) }
        guard journal.bytes > 2 * live + 65_536 else { return }
        try? journal.rewrite(lines)
    }

    // MARK: The sender

    /// Sends the first pending entry through the newest outbox, again and again, while one is open.
    private func run() async {
        while let (sender, head) = await nextAttempt() {
            retryNow.reset()
            let attempt = Task { await sender.send(head) }
            let current = state.withLock { state -> Bool in
                guard state.slots.contains(where: { $0.entry.id == head.id && $0.failure == nil }) else { return false }
                state.inFlight = head.id
                state.sending = attempt
                state.sendingBy = sender.id
                state.versions.inFlight += 1
                return true
            }
            if !current { attempt.cancel() }
            changed()
            let result = await attempt.value
            state.withLock { state in
                state.sending = nil
                state.sendingBy = nil
                state.inFlight = nil
                state.versions.inFlight += 1
            }
            switch OutboxVerdict(result, retriedStatusCodes: options.retriedStatusCodes) {
            case .sent(let response):
                await settle(head, as: .sent(head, response))
            case .final(let error):
                await settle(head, as: .failed(failure(of: head, error)))
            case .retry(let retryAfter, let networkDown):
                let failures = await noteAttempt(of: head)
                await backOff(afterFailures: failures, retryAfter: retryAfter, networkDown: networkDown)
            case .stopped where attempt.isCancelled:
                // The outbox cancelled it (close, drop, removeAll): the next attempt is due at once.
                changed()
            case .stopped:
                // The provider ended the call itself (it was shut down): try again after a wait,
                // never in a loop.
                changed()
                await backOff(afterFailures: max(1, head.attempts), retryAfter: nil, networkDown: false)
            }
        }
    }

    /// The sender and the entry of the next attempt, after waiting for one; `nil` once no outbox
    /// of the folder is open (the sender task then ends).
    private func nextAttempt() async -> (Sender, OutboxEntry<Target>)? {
        while true {
            if !state.withLock({ $0.loaded }) { _ = await loaded() }
            let next = state.withLock { state -> (Sender, OutboxEntry<Target>)?? in
                guard let sender = state.senders.last else {
                    state.isRunning = false
                    return .some(nil)
                }
                guard let head = state.slots.first(where: { $0.failure == nil }) else { return nil }
                return (sender, head.entry)
            }
            switch next {
            case .some(let attempt): return attempt
            case .none: await work.wait(for: nil, sleep: Self.sleep)
            }
        }
    }

    /// The end of `head`'s last attempt: its line deleted (sent) or rewritten with its failure,
    /// and the outcome told, unless the app dropped it meanwhile. When the journal cannot be
    /// written (the disk is full), the entry stays as it was and the sender waits before it sends
    /// it again (with its key: the server does not apply it twice), rather than send it in a loop.
    private func settle(_ head: OutboxEntry<Target>, as outcome: OutboxOutcome<Target>) async {
        let settled: Bool?
        do throws(OutboxError) {
            settled = try await journal.run { [self] () throws(OutboxError) -> Bool in
                switch outcome {
                case .sent: try forget(head.id)
                case .failed(let failure): try store(failure.entry, failure: failure)
                }
            }
        } catch {
            settled = nil
        }
        changed()
        switch settled {
        case true?:
            let continuations = state.withLock { Array($0.outcomes.values) }
            for continuation in continuations { continuation.yield(outcome) }
        case false?:
            return
        case nil:
            await backOff(afterFailures: max(1, head.attempts + 1), retryAfter: nil, networkDown: false)
        }
    }

    /// Counts an attempt of `head` that will be made again, in its journal too; returns its attempts.
    private func noteAttempt(of head: OutboxEntry<Target>) async -> Int {
        let attempted = head.attempted()
        _ = try? await journal.run { [self] () throws(OutboxError) in
            guard state.withLock({ $0.slots.contains { $0.entry.id == head.id && $0.failure == nil } }) else { return }
            try store(attempted, failure: nil)
        }
        changed()
        return attempted.attempts
    }

    /// Waits before the next attempt, as ``OutboxOptions/backoff`` says; after a network failure,
    /// a successful call of a provider of the folder's outboxes ends the wait too.
    private func backOff(afterFailures failures: Int, retryAfter: TimeInterval?, networkDown: Bool) async {
        let delay = options.backoff.delay(afterFailures: failures, retryAfter: retryAfter)
        let random = options.random?() ?? Double.random(in: 0...1)
        let wait = OutboxBackoff.jittered(delay, random: random, floor: retryAfter ?? 0)
        let senders = state.withLock { $0.senders }
        if networkDown { for sender in senders { sender.listen(true) } }
        await retryNow.wait(for: .nanoseconds(Int64(min(wait, 1e9) * 1e9)), sleep: options.wait ?? Self.sleep)
        if networkDown { for sender in senders { sender.listen(false) } }
    }

    /// `head`'s failure, with the request's credentials masked in its message.
    private func failure(of head: OutboxEntry<Target>, _ error: CourierError) -> OutboxFailure<Target> {
        var secrets = SecretValues()
        if let request = error.response?.request {
            secrets.add(headers: request.allHTTPHeaderFields ?? [:])
            if let url = request.url { secrets.add(url: url) }
        }
        let message = secrets.masked(SecretMasking.default.maskedFields(in: error.description))
        return OutboxFailure(
            entry: head.attempted(), statusCode: error.response?.statusCode, message: message, error: error,
            failedAt: Date())
    }

    /// Reads the journal into memory: queued before anything else can be, so it is the first block
    /// on the journal's queue. A journal can weigh twice its live lines and 64 KiB before it is
    /// compacted; one larger than that bound on ``OutboxOptions/maximumBytes`` is not this outbox's.
    private func load() {
        let limit = 2 * max(0, options.maximumBytes) + 65_536 + 4_096
        journal.schedule { [self] in
            var problem: OutboxError?
            var records: [(record: OutboxRecord<Target>, line: Data)] = []
            do throws(OutboxError) {
                records = try journal.load(as: Target.self, readLimit: limit)
            } catch {
                problem = error
            }
            state.withLock { state in
                state.loaded = true
                state.problem = problem
                state.slots = records.map {
                    Slot(entry: $0.record.entry, failure: $0.record.outboxFailure, line: $0.line)
                }
                state.bytes = records.reduce(0) { $0 + $1.line.count }
                state.nextSequence = (records.last?.record.sequence ?? 0) + 1
                state.versions.pending += 1
                state.versions.failed += 1
            }
            changed()
            work.wake()
        }
    }

    /// Tells every open outbox that what it shows changed.
    private func changed() {
        let senders = state.withLock { $0.senders }
        for sender in senders { sender.changed() }
    }

    /// A random (version 4) UUID, from the system's generator: `UUID()` reads `/dev/urandom` on
    /// Linux, which costs an enqueue more than the rest of its bookkeeping.
    private static func newID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &words) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }

    private static func sleep(_ duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
