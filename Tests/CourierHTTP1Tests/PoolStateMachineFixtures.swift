import Testing

@testable import CourierHTTP1

/// The pool machine with plain values: keys are strings, connections are numbers, time is a
/// number of nanoseconds that tests advance by hand.
typealias PoolMachine = HTTP1PoolStateMachine<String, Int>

/// Drives a ``PoolMachine`` as callers would: numbers waiters and new connections, keeps the
/// virtual clock, and answers what callers hold.
struct PoolDriver {
    var machine: PoolMachine
    /// The virtual clock, in nanoseconds.
    var now: UInt64 = 1_000
    var nextWaiter: PoolMachine.WaiterID = 0
    var nextConnection = 0

    static let idleTimeout: UInt64 = 100

    init(limit: Int = 2, idleTimeout: UInt64 = PoolDriver.idleTimeout) {
        machine = PoolMachine(maximumPerHost: limit, idleTimeout: idleTimeout)
    }

    /// A lease for `key`, as waiter `waiter` (a new id by default).
    @discardableResult
    mutating func lease(_ key: String = "a", fresh: Bool = false, as waiter: PoolMachine.WaiterID? = nil)
        -> PoolMachine.Actions
    {
        nextWaiter += 1
        return machine.lease(key, fresh: fresh, waiterID: waiter ?? nextWaiter, now: now)
    }

    /// A new connection, opened for a `.connect` slot of `key`.
    mutating func connected(_ key: String = "a") -> Int {
        nextConnection += 1
        let actions = machine.connected(nextConnection, for: key)
        #expect(actions == PoolMachine.Actions(), "connected \(nextConnection)")
        return nextConnection
    }

    /// Leases a slot for `key` and opens a connection in it: the connection.
    mutating func open(_ key: String = "a") -> Int {
        let actions = lease(key)
        #expect(actions.lease == .connect, "open on \(key): \(actions)")
        return connected(key)
    }

    /// Opens a connection to `key` and gives it back, idle since `now` (a second call reuses it:
    /// ``idle(_:count:)`` makes several).
    @discardableResult
    mutating func idle(_ key: String = "a") -> Int {
        let connection = open(key)
        #expect(machine.release(connection, reusable: true, now: now) == PoolMachine.Actions())
        return connection
    }

    /// Opens `count` connections to `key` and gives them back in order, one nanosecond apart.
    mutating func idle(_ key: String = "a", count: Int) -> [Int] {
        let connections = (0..<count).map { _ in open(key) }
        for connection in connections {
            #expect(machine.release(connection, reusable: true, now: now) == PoolMachine.Actions())
            now += 1
        }
        return connections
    }

    /// Leases for `key`, expecting to wait: the waiter's id.
    mutating func wait(_ key: String = "a") -> PoolMachine.WaiterID {
        let actions = lease(key)
        #expect(actions.lease == .wait, "wait on \(key): \(actions)")
        return nextWaiter
    }

    /// The counts of `key`: idle, leased, connecting, waiters.
    func counts(_ key: String = "a") -> PoolCounts {
        let host = machine.hosts[key] ?? PoolMachine.Host()
        return PoolCounts(
            idle: host.idle.count, leased: host.leased, connecting: host.connecting,
            waiters: host.waiters.count)
    }
}

/// What one key holds, to compare at a glance.
struct PoolCounts: Hashable, CustomStringConvertible {
    var idle = 0
    var leased = 0
    var connecting = 0
    var waiters = 0

    var description: String { "idle \(idle), leased \(leased), connecting \(connecting), waiters \(waiters)" }
}

extension PoolMachine {
    /// The machine's laws, checked after any event (`label` names it in a failure).
    func checkInvariants(_ label: String) {
        var leasedPerKey: [String: Int] = [:]
        for key in leased.values { leasedPerKey[key, default: 0] += 1 }
        var waiterCount = 0
        for (key, host) in hosts {
            #expect(!host.isUnused, "\(label): an unused entry for \(key) stays")
            #expect(host.open <= maximumPerHost, "\(label): \(key) over its limit")
            #expect(host.leased == leasedPerKey[key, default: 0], "\(label): \(key)'s leased count")
            #expect(host.connecting >= 0 && host.leased >= 0, "\(label): \(key) counts below zero")
            if !host.waiters.isEmpty {
                #expect(host.idle.isEmpty, "\(label): \(key) has waiters beside an idle connection")
                #expect(host.open == maximumPerHost, "\(label): \(key) has waiters beside a free slot")
            }
            #expect(Set(host.waiters).count == host.waiters.count, "\(label): a waiter twice in line")
            for waiter in host.waiters { #expect(waiting[waiter] == key, "\(label): waiter \(waiter)'s key") }
            waiterCount += host.waiters.count
            for idle in host.idle {
                #expect(leased[idle.connection] == nil, "\(label): \(idle.connection) both idle and leased")
                #expect(deadline(since: idle.since) >= nextIdleDeadline, "\(label): next idle deadline too late")
            }
        }
        #expect(waiterCount == waiting.count, "\(label): waiters by id and in line differ")
        #expect(leasedPerKey.keys.allSatisfy { hosts[$0] != nil }, "\(label): a leased connection with no entry")
        if isShutDown {
            #expect(hosts.isEmpty && leased.isEmpty && waiting.isEmpty, "\(label): state left after shutdown")
        }
    }
}
