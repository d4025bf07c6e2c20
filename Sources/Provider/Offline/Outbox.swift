import Foundation
import Observation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mutations made offline, accepted at once, kept on disk, and sent in order, each with a stable
/// `Idempotency-Key`, when the network lets them through: a like on a train, an order in a lift.
///
/// ```swift
/// let outbox = Outbox(provider: api, directory: appSupport.appendingPathComponent("outbox"))
///
/// try await outbox.enqueue(.like(postID: 7))      // on disk before it returns; sent when it can be
///
/// for await outcome in outbox.outcomes {          // reconcile what the screen showed
///     if case .failed(let failure) = outcome { showAlert(failure.message) }
/// }
/// ```
///
/// **What is stored.** The target, through its `Codable` conformance (a target type opts in by
/// being `Codable`), with the entry's key and counts: never a request. The endpoint closure, the
/// request closure and the plugins run when the mutation is finally sent, so common headers and
/// parameters are current then, an expired token is refreshed as for any call, and no credential
/// is written to disk; a target whose encoded form has a member named like a credential is
/// refused (``OutboxError/credentialInTarget(field:)``). Each change is one line appended to the
/// folder's journal, with a checksum; the journal is rewritten without its dead lines when they
/// outweigh the live ones. The folder the app names follows the cache's rules: created `0700`
/// (made so when it is the user's own), refused when it is a symbolic link or another user's; its
/// files are `0600`, created exclusively, never followed through a symbolic link. A line that is
/// cut short, altered, or not this outbox's (a target that does not decode) is dropped, never
/// sent, and so is a journal of another format. Entries and bytes are bounded (``OutboxOptions``).
///
/// **How it sends.** In the order they were enqueued, one at a time, through the provider's whole
/// pipeline (``Provider/request(_:)``: plugins, envelope, cache invalidation, the target's
/// ``InvalidationConfigurable/invalidates``). Each mutation carries its key in the
/// `Idempotency-Key` header (``OutboxOptions/idempotencyKeyHeader``), the same on every attempt
/// and after a restart. A failure to reach the server, a `5xx`, a `408` or a `429` is retried after
/// a backoff (``OutboxBackoff``) that ends early when the app says the network is back
/// (``sendNow()``) and, after a network failure, when another call of the provider succeeds.
/// Any other answer is final (a `4xx`, an envelope's failure code): the mutation moves to ``failed``,
/// and the next one is sent. At start, what an earlier run left is sent.
///
/// **What it guarantees.** Order and one-at-a-time sending per folder; at-least-once sending of
/// every mutation that is not failed or dropped, across restarts and kills (a mutation is on
/// disk when ``enqueue(_:idempotencyKey:isolation:)`` returns); exactly-once application with a
/// server that honours the key (it records the keys it applied and answers a replay without
/// applying it again). Not guaranteed: exactly-once with a server that ignores the key (an answer
/// lost after the server applied the mutation means it is sent again); durability across a
/// power cut (the journal is not `fsync`ed: a kill loses nothing, a power cut may lose the last
/// changes); sharing a folder between processes (the second one's outbox is refused with
/// ``OutboxError/folderInUse(path:)``: an app and its extension need a folder each).
///
/// **Observing it.** ``pending``, ``pendingCount``, ``inFlight`` and ``failed`` are observable
/// (the Observation module) and live on the main actor, where views read them; they follow the
/// outbox's work, and an enqueue, retry, drop or `removeAll` made on the main actor shows before
/// it returns. ``outcomes`` tells each mutation's end, for the app to reconcile its optimistic
/// state. Everything else runs on any thread.
///
/// Outboxes of one process that name the same folder share its queue: each mutation is sent once
/// at a time, in order, through the outbox made last that is still open (its provider), and all
/// of them show the same state. Their target types must be the same (``OutboxError/folderInUse(path:)``).
public final class Outbox<Target: TargetType & Codable>: Sendable, Observable {
    /// The folder the mutations are kept in.
    public let directory: URL

    private let queue: Result<OutboxQueue<Target>, OutboxError>
    private let hub: OfflineHub
    private let senderID: UInt64
    private let listenerID: UInt64
    private let registrar = ObservationRegistrar()
    private let publishScheduled = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)
    @MainActor private var shown = OutboxQueue<Target>.Snapshot()

    /// An outbox that sends through `provider` and keeps its mutations in `directory`. It starts
    /// at once: the folder is read (off the calling thread) and what an earlier run left is sent.
    ///
    /// - Parameters:
    ///   - provider: sends each mutation, with its plugins, envelope and cache.
    ///   - directory: the folder of this outbox alone: the app's own (Application Support, or
    ///     `XDG_DATA_HOME`), never a shared temporary folder; created if missing. Its problems
    ///     (``folderProblem``) make ``enqueue(_:idempotencyKey:isolation:)`` throw.
    ///   - options: limits, the key's header, retries and backoff; ``OutboxOptions/init(maximumEntries:maximumBytes:idempotencyKeyHeader:quotesIdempotencyKey:retriedStatusCodes:backoff:)``'s
    ///     defaults by default. Outboxes that share a folder use the first one's.
    public init(provider: Provider<Target>, directory: URL, options: OutboxOptions = OutboxOptions()) {
        self.directory = directory
        hub = provider.offline
        senderID = hub.makeID()
        listenerID = hub.makeID()
        do throws(OutboxError) {
            queue = .success(try OutboxQueue<Target>.shared(directory: directory, options: options))
        } catch {
            queue = .failure(error)
        }
        guard case .success(let queue) = queue else { return }
        let header = queue.options.idempotencyKeyHeader
        let quoted = queue.options.quotesIdempotencyKey
        let (hub, listenerID) = (hub, listenerID)
        queue.attach(
            OutboxQueue.Sender(
                id: senderID,
                send: { entry in
                    var call = CallOptions(isOutboxSend: true)
                    if let header {
                        let key = quoted ? "\"\(entry.idempotencyKey)\"" : entry.idempotencyKey
                        call.headers = [HeaderField(name: header, value: key)]
                    }
                    return await provider.runPipeline(for: entry.target, progress: nil, options: call) {
                        (response: Response) throws(CourierError) in
                        try provider.checkEnvelope(of: response, target: entry.target)
                    }
                },
                listen: { [weak queue] on in
                    guard on else { return hub.forget(listenerID) }
                    hub.wake({ [weak queue] in queue?.networkIsBack() }, id: listenerID)
                },
                changed: { [weak self] in self?.schedulePublish() }))
    }

    deinit {
        if case .success(let queue) = queue { queue.detach(senderID) }
        hub.forget(listenerID)
    }

    // MARK: State

    /// The mutations not sent yet and not failed, in the order they go, the one in flight first.
    @MainActor public var pending: [OutboxEntry<Target>] {
        registrar.access(self, keyPath: \.pending)
        return shown.pending
    }

    /// How many mutations are not sent yet (``pending``'s count).
    @MainActor public var pendingCount: Int {
        registrar.access(self, keyPath: \.pendingCount)
        return shown.pending.count
    }

    /// The mutation being sent now, if one is.
    @MainActor public var inFlight: OutboxEntry<Target>? {
        registrar.access(self, keyPath: \.inFlight)
        return shown.inFlight
    }

    /// The mutations the server refused for good, oldest first, each with why: for the app to
    /// show, then ``retry(_:isolation:)`` or ``drop(_:isolation:)``.
    @MainActor public var failed: [OutboxFailure<Target>] {
        registrar.access(self, keyPath: \.failed)
        return shown.failed
    }

    /// The outcome of each mutation from now on, as it happens: a new sequence at each use,
    /// which keeps the newest outcomes (as many as ``OutboxOptions/maximumEntries``) while its
    /// reader is busy. It ends when the task reading it is cancelled.
    public var outcomes: AsyncStream<OutboxOutcome<Target>> {
        switch queue {
        case .success(let queue): queue.outcomes()
        case .failure: AsyncStream { $0.finish() }
        }
    }

    /// Why the outbox stores nothing (its folder is unsafe, or another outbox's), once its folder
    /// was read; `nil` when it works.
    public var folderProblem: OutboxError? {
        get async {
            switch queue {
            case .success(let queue): await queue.loaded()
            case .failure(let error): error
            }
        }
    }

    // MARK: Changes

    /// Accepts `target` to be sent after the mutations before it, and returns once it is on disk
    /// (not once it is sent: read ``outcomes`` for that).
    ///
    /// ```swift
    /// post.isLiked = true                          // optimistic
    /// try await outbox.enqueue(.like(postID: post.id))
    /// ```
    ///
    /// - Parameters:
    ///   - target: the mutation; stored through its `Codable` conformance.
    ///   - idempotencyKey: the key to send it with; a new UUID (lowercase) by default. Give your
    ///     own when the app already names the change (a client-made order number).
    ///   - isolation: the caller's actor; on the main actor, ``pending`` shows the entry before
    ///     this returns.
    /// - Returns: the entry, with its key.
    /// - Throws: an ``OutboxError``: the outbox is full, its folder unsafe, the target not
    ///   encodable or carrying a credential, the key invalid, the file not written, or the outbox closed.
    @discardableResult
    public func enqueue(
        _ target: Target, idempotencyKey: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) async throws(OutboxError) -> OutboxEntry<Target> {
        let queue = try open()
        let entry = try await queue.enqueue(target, key: idempotencyKey)
        publishNow(on: isolation)
        return entry
    }

    /// Puts a failed mutation back in its place among the pending ones, to be sent again now, with
    /// the same key.
    ///
    /// - Throws: ``OutboxError/notFailed(_:)`` when `id` is not in ``failed``.
    public func retry(_ id: UUID, isolation: isolated (any Actor)? = #isolation) async throws(OutboxError) {
        try await open().retry(id)
        publishNow(on: isolation)
    }

    /// Deletes a mutation, failed or pending; one in flight is cancelled, though it may have
    /// reached the server already. No outcome is told for it.
    public func drop(_ id: UUID, isolation: isolated (any Actor)? = #isolation) async {
        guard let queue = try? open() else { return }
        await queue.drop(id)
        publishNow(on: isolation)
    }

    /// Deletes every mutation, pending and failed, from memory and disk (for a logout); the one in
    /// flight is cancelled, though it may have reached the server already.
    public func removeAll(isolation: isolated (any Actor)? = #isolation) async {
        guard case .success(let queue) = queue else { return }
        await queue.removeAll()
        publishNow(on: isolation)
    }

    /// Sends the next mutation now, ending a backoff under way: call it when the app learns the
    /// network is back (`NWPathMonitor` says `.satisfied`). Harmless when nothing waits.
    public func sendNow() {
        if case .success(let queue) = queue { queue.sendNow() }
    }

    /// Stops sending through this outbox: an attempt under way is cancelled (the mutation stays
    /// pending, to be sent again with its key), and ``enqueue(_:idempotencyKey:isolation:)``
    /// throws ``OutboxError/closed``. The mutations stay on disk for the next outbox of the folder.
    public func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        if case .success(let queue) = queue { queue.detach(senderID) }
        hub.forget(listenerID)
    }

    // MARK: Publishing

    private func open() throws(OutboxError) -> OutboxQueue<Target> {
        if closed.load(ordering: .relaxed) { throw .closed }
        return try queue.get()
    }

    /// Shows the queue's state now when the caller is on the main actor; a change elsewhere is
    /// shown by the publish it scheduled.
    private func publishNow(on isolation: isolated (any Actor)?) {
        guard let isolation, isolation === MainActor.shared as any Actor else { return }
        MainActor.assumeIsolated { publish() }
    }

    /// Shows the queue's state on the main actor soon: one publish at a time is scheduled, and it
    /// reads the state when it runs, so it shows every change made before.
    private func schedulePublish() {
        guard !publishScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.publishScheduled.store(false, ordering: .releasing)
            self.publish()
        }
    }

    /// Shows the queue's state: each part that changed since it was last shown is set, its
    /// observers told.
    @MainActor private func publish() {
        guard case .success(let queue) = queue else { return }
        let snapshot = queue.snapshot()
        let old = shown.versions
        let pendingChanged = snapshot.versions.pending != old.pending
        let inFlightChanged = snapshot.versions.inFlight != old.inFlight || pendingChanged
        let failedChanged = snapshot.versions.failed != old.failed
        guard pendingChanged || inFlightChanged || failedChanged else { return }
        if pendingChanged {
            registrar.willSet(self, keyPath: \.pending)
            registrar.willSet(self, keyPath: \.pendingCount)
        }
        if inFlightChanged { registrar.willSet(self, keyPath: \.inFlight) }
        if failedChanged { registrar.willSet(self, keyPath: \.failed) }
        shown = snapshot
        if pendingChanged {
            registrar.didSet(self, keyPath: \.pending)
            registrar.didSet(self, keyPath: \.pendingCount)
        }
        if inFlightChanged { registrar.didSet(self, keyPath: \.inFlight) }
        if failedChanged { registrar.didSet(self, keyPath: \.failed) }
    }
}
