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
/// What the queue holds changes only in blocks on its folder's queue (``OutboxFolder/run(_:)``),
/// together with the files: loading, an enqueue, an attempt's end, a retry, a drop, `removeAll`.
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

    /// An entry, its failure once it failed, and its file's size.
    struct Slot: Sendable {
        var entry: OutboxEntry<Target>
        var failure: OutboxFailure<Target>?
        var bytes: Int
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
        var senders: [Sender] = []
        var isRunning = false
        var outcomes: [UInt64: AsyncStream<OutboxOutcome<Target>>.Continuation] = [:]
        var nextOutcomeID: UInt64 = 0
        var versions = Versions()
    }

    let folder: OutboxFolder
    let options: OutboxOptions
    private let state = LockedState(State())
    /// Ends the sender's wait for work: an enqueue, a retry, an outbox closing.
    private let work = OutboxWake()
    /// Ends the sender's backoff: the app says the network is back, or another call succeeded.
    private let retryNow = OutboxWake()

    private init(directory: URL, options: OutboxOptions) {
        folder = OutboxFolder(directory: directory)
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

    /// Returns once everything queued on the folder before it is done (the folder read included);
    /// the folder's problem, if it has one.
    func loaded() async -> OutboxError? {
        (try? await folder.run { [self] () throws(OutboxError) in state.withLock { $0.problem } }) ?? nil
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
            return state.sending
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
        let id = UUID()
        let key = key ?? id.uuidString.lowercased()
        guard OutboxRecord<Target>.isValidKey(key) else { throw .invalidIdempotencyKey(key) }
        let (entries, bytes) = (options.maximumEntries, options.maximumBytes)
        let entry = try await folder.run { [self] () throws(OutboxError) -> OutboxEntry<Target> in
            let sequence = try state.withLock { state throws(OutboxError) -> UInt64 in
                if let problem = state.problem { throw problem }
                guard state.slots.count < entries else { throw .full(maximumEntries: entries, maximumBytes: bytes) }
                return state.nextSequence
            }
            let entry = OutboxEntry(
                id: id, target: target, idempotencyKey: key, enqueuedAt: Date(), attempts: 0, sequence: sequence)
            let record = OutboxRecord(entry, failure: nil)
            let data: Data
            do {
                data = try record.encoded()
            } catch {
                throw .targetNotEncodable(String(describing: error))
            }
            if let field = TargetCredentialCheck.credentialField(in: data) { throw .credentialInTarget(field: field) }
            guard state.withLock({ $0.bytes }) + data.count <= bytes else {
                throw .full(maximumEntries: entries, maximumBytes: bytes)
            }
            try folder.write(data, as: record.fileName)
            state.withLock { state in
                state.slots.append(Slot(entry: entry, bytes: data.count))
                state.bytes += data.count
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
        try await folder.run { [self] () throws(OutboxError) in
            guard let slot = state.withLock({ $0.slots.first { $0.entry.id == id && $0.failure != nil } }) else {
                throw .notFailed(id)
            }
            let record = OutboxRecord(slot.entry, failure: nil)
            let data = (try? record.encoded()) ?? Data()
            try folder.write(data, as: record.fileName)
            state.withLock { state in
                guard let index = state.slots.firstIndex(where: { $0.entry.id == id }) else { return }
                state.bytes += data.count - state.slots[index].bytes
                state.slots[index] = Slot(entry: slot.entry, bytes: data.count)
                state.versions.pending += 1
                state.versions.failed += 1
            }
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
        _ = try? await folder.run { [self] () throws(OutboxError) in
            guard let slot = state.withLock({ $0.slots.first { $0.entry.id == id } }) else { return }
            folder.remove(OutboxRecord(slot.entry, failure: nil).fileName)
            state.withLock { state in
                state.slots.removeAll { $0.entry.id == id }
                state.bytes -= slot.bytes
                if slot.failure == nil { state.versions.pending += 1 } else { state.versions.failed += 1 }
            }
        }
        changed()
    }

    /// Deletes every entry, pending and failed, and cancels the attempt under way.
    func removeAll() async {
        let sending = state.withLock { $0.sending }
        sending?.cancel()
        _ = try? await folder.run { [self] () throws(OutboxError) in
            let slots = state.withLock { state in
                defer {
                    state.slots = []
                    state.bytes = 0
                    state.versions.pending += 1
                    state.versions.failed += 1
                }
                return state.slots
            }
            for slot in slots { folder.remove(OutboxRecord(slot.entry, failure: nil).fileName) }
        }
        changed()
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
                state.versions.inFlight += 1
                return true
            }
            if !current { attempt.cancel() }
            changed()
            let result = await attempt.value
            state.withLock { state in
                state.sending = nil
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
            case .stopped:
                changed()
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

    /// The end of `head`'s last attempt: its file deleted (sent) or rewritten with its failure,
    /// and the outcome told, unless the app dropped it meanwhile.
    private func settle(_ head: OutboxEntry<Target>, as outcome: OutboxOutcome<Target>) async {
        let current = try? await folder.run { [self] () throws(OutboxError) -> Bool in
            guard let slot = state.withLock({ $0.slots.first { $0.entry.id == head.id } }) else { return false }
            switch outcome {
            case .sent:
                folder.remove(OutboxRecord(head, failure: nil).fileName)
                state.withLock { state in
                    state.slots.removeAll { $0.entry.id == head.id }
                    state.bytes -= slot.bytes
                    state.versions.pending += 1
                }
            case .failed(let failure):
                let stored = OutboxRecord<Target>.StoredFailure(
                    statusCode: failure.statusCode, message: failure.message,
                    failedAt: failure.failedAt.timeIntervalSince1970)
                let record = OutboxRecord(failure.entry, failure: stored)
                let data = (try? record.encoded()) ?? Data()
                try? folder.write(data, as: record.fileName)
                state.withLock { state in
                    guard let index = state.slots.firstIndex(where: { $0.entry.id == head.id }) else { return }
                    state.bytes += data.count - state.slots[index].bytes
                    state.slots[index] = Slot(entry: failure.entry, failure: failure, bytes: data.count)
                    state.versions.pending += 1
                    state.versions.failed += 1
                }
            }
            return true
        }
        changed()
        guard current == true else { return }
        let continuations = state.withLock { Array($0.outcomes.values) }
        for continuation in continuations { continuation.yield(outcome) }
    }

    /// Counts an attempt of `head` that will be made again, in its file too; returns its attempts.
    private func noteAttempt(of head: OutboxEntry<Target>) async -> Int {
        let attempted = head.attempted()
        _ = try? await folder.run { [self] () throws(OutboxError) in
            guard state.withLock({ $0.slots.contains { $0.entry.id == head.id && $0.failure == nil } }) else { return }
            let record = OutboxRecord(attempted, failure: nil)
            let data = (try? record.encoded()) ?? Data()
            try? folder.write(data, as: record.fileName)
            state.withLock { state in
                guard let index = state.slots.firstIndex(where: { $0.entry.id == head.id }) else { return }
                state.bytes += data.count - state.slots[index].bytes
                state.slots[index] = Slot(entry: attempted, bytes: data.count)
                state.versions.pending += 1
            }
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

    /// Reads the folder into memory: queued before anything else can be, so it is the first block
    /// on the folder's queue.
    private func load() {
        let limit = options.maximumBytes
        folder.schedule { [self] in
            let problem = folder.check()
            let records = folder.readAll(as: Target.self, byteLimit: limit)
            state.withLock { state in
                state.loaded = true
                state.problem = problem
                state.slots = records.map {
                    Slot(entry: $0.record.entry, failure: $0.record.outboxFailure, bytes: $0.bytes)
                }
                state.bytes = records.reduce(0) { $0 + $1.bytes }
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

    private static func sleep(_ duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
