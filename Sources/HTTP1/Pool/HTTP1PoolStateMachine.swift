/// The connection pool as a value: connections per key (idle, leased, being opened), callers
/// waiting for one in line, a limit per key, idle lifetimes and shutdown. Each event returns
/// ``Actions`` for the shell (`HTTP1ConnectionPool` on Linux) to perform: no I/O, no lock, no
/// clock happens here (time comes in as `now`, in nanoseconds of any monotonic clock), so every
/// event is tested in every state without a socket, and idle expiry by advancing `now`.
///
/// Connections are plain `Hashable` values to the machine (the shell's connection objects, or
/// numbers in tests). A caller leasing for a key gets, in this order: an idle connection (the most
/// recently used, so the ones a server most likely dropped age out), the right to open one while
/// fewer than ``maximumPerHost`` are open (idle, leased or connecting), or a place in line.
///
/// What holds after every event, per key (the randomized tests check it):
/// - idle + leased + connecting ≤ ``maximumPerHost``;
/// - nobody waits while a connection could be handed out: waiters exist only when no connection
///   is idle and the key is at its limit;
/// - waiters are served first come, first served, and each is answered exactly once.
struct HTTP1PoolStateMachine<Key: Hashable & Sendable, Connection: Hashable & Sendable>: Sendable {
    /// Names a caller waiting in line; the shell chooses it, unique per lease.
    typealias WaiterID = UInt64

    /// What a caller of ``lease(_:fresh:waiterID:now:)`` (or ``reuseFailed(_:of:waiterID:now:)``) does next.
    enum LeaseOutcome: Hashable, Sendable {
        /// Use this idle connection, once the shell checked it is still quiet; if it is not, tell
        /// the machine ``reuseFailed(_:of:waiterID:now:)``.
        case reuse(Connection)
        /// Open a connection, then report ``connected(_:for:)`` or ``connectFailed(_:)``.
        case connect
        /// Wait, as the waiter named when leasing, for a ``Actions/resume`` or ``Actions/fail``.
        case wait
        /// The pool is shut down: fail.
        case shutDown
    }

    /// What a waiter is given when its turn comes.
    enum Grant: Hashable, Sendable {
        /// A connection just given back, to use at once (it never sat idle).
        case reuse(Connection)
        /// The right to open a connection.
        case connect
    }

    /// A waiter whose turn came, and what it gets.
    struct Resumption: Hashable, Sendable {
        var waiter: WaiterID
        var grant: Grant
    }

    /// What the shell does after an event; empty fields mean nothing to do.
    struct Actions: Hashable, Sendable {
        /// The outcome for the caller of ``lease(_:fresh:waiterID:now:)``, ``reuseFailed(_:of:waiterID:now:)``
        /// or ``connected(_:for:)`` (`.shutDown` there: the pool closes it, the caller fails).
        var lease: LeaseOutcome?
        /// Waiters to resume, in line order.
        var resume: [Resumption] = []
        /// Waiters to fail: cancelled ones (``waiterCancelled(_:)``), or all at ``shutdown()``.
        var fail: [WaiterID] = []
        /// Connections to close.
        var close: [Connection] = []
    }

    /// A connection in the pool, and since when.
    struct IdleConnection: Hashable, Sendable {
        var connection: Connection
        /// When it was given back, in the clock of the `now` values.
        var since: UInt64
    }

    /// Everything about one key.
    struct Host: Hashable, Sendable {
        /// Idle connections, the most recently given back last.
        var idle: [IdleConnection] = []
        /// Connections handed out and not given back.
        var leased = 0
        /// Slots handed out to open a connection that is not open yet.
        var connecting = 0
        /// Callers in line, first come first.
        var waiters: [WaiterID] = []

        /// Connections counted against the limit.
        var open: Int { idle.count + leased + connecting }
        /// Whether nothing is left for this key, so its entry can go.
        var isUnused: Bool { open == 0 && waiters.isEmpty }
    }

    /// The most connections open to one key at once; at least 1.
    let maximumPerHost: Int
    /// How long a connection stays idle before it is closed, in nanoseconds.
    let idleTimeout: UInt64
    // The state below changes only through the events (the extensions in other files are why it
    // is not `private(set)`).

    /// Every key with something in it.
    var hosts: [Key: Host] = [:]
    /// Leased connections and their keys.
    var leased: [Connection: Key] = [:]
    /// The key each waiter waits for.
    var waiting: [WaiterID: Key] = [:]
    /// When the next idle connection expires (``UInt64/max`` when none is idle): until then an
    /// event costs no look at idle connections.
    var nextIdleDeadline = UInt64.max
    /// Whether ``shutdown()`` happened: every later lease fails, every connection given back closes.
    var isShutDown = false

    init(maximumPerHost: Int, idleTimeout: UInt64) {
        self.maximumPerHost = max(1, maximumPerHost)
        self.idleTimeout = idleTimeout
    }

    /// When a connection idle since `since` expires (saturating, for absurd timeouts).
    func deadline(since: UInt64) -> UInt64 {
        let (sum, overflow) = since.addingReportingOverflow(idleTimeout)
        return overflow ? .max : sum
    }

    // MARK: Shared steps

    /// Takes `key`'s entry out, to change it and ``put(_:for:)`` it back (out of the dictionary,
    /// it is changed in place, not copied).
    mutating func take(_ key: Key) -> Host {
        hosts.removeValue(forKey: key) ?? Host()
    }

    /// Puts `key`'s entry back, unless nothing is left in it.
    mutating func put(_ host: Host, for key: Key) {
        if !host.isUnused { hosts[key] = host }
    }

    /// Gives free slots of `key` to its waiters, first come first, as rights to connect.
    mutating func serveWaiters(_ key: Key, _ host: inout Host, _ actions: inout Actions) {
        while !host.waiters.isEmpty, host.open < maximumPerHost {
            let waiter = host.waiters.removeFirst()
            waiting[waiter] = nil
            host.connecting += 1
            actions.resume.append(Resumption(waiter: waiter, grant: .connect))
        }
    }

    /// Hands `key`'s caller an idle connection, or a slot, or its place in line as `waiterID`.
    mutating func grant(_ key: Key, waiterID: WaiterID, _ host: inout Host) -> LeaseOutcome {
        if let idle = host.idle.popLast() {
            host.leased += 1
            leased[idle.connection] = key
            return .reuse(idle.connection)
        }
        if host.open < maximumPerHost {
            host.connecting += 1
            return .connect
        }
        host.waiters.append(waiterID)
        waiting[waiterID] = key
        return .wait
    }
}
