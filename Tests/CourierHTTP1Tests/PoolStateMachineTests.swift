import Testing

@testable import CourierHTTP1

/// ``HTTP1PoolStateMachine`` case by case: leasing, the limit, the line, fresh leases, idle expiry
/// on a virtual clock, cancellation and shutdown. No socket, no clock, no lock.
@Suite("Pool state machine")
struct PoolStateMachineTests {
    typealias Actions = PoolMachine.Actions

    @Test("a connection goes round: connect, give back, reuse; the most recently used first")
    func roundTrip() {
        var pool = PoolDriver()
        let first = pool.open()
        let second = pool.open()
        #expect(pool.machine.release(first, reusable: true, now: pool.now) == Actions())
        #expect(pool.machine.release(second, reusable: true, now: pool.now + 1) == Actions())
        #expect(pool.counts() == PoolCounts(idle: 2))
        #expect(pool.lease().lease == .reuse(second))
        #expect(pool.lease().lease == .reuse(first))
        #expect(pool.counts() == PoolCounts(leased: 2))
        pool.machine.checkInvariants("round trip")
    }

    @Test("no more than the limit per key; other keys are not held up")
    func limitPerKey() {
        var pool = PoolDriver(limit: 2)
        _ = pool.open("a")
        #expect(pool.lease("a").lease == .connect)
        #expect(pool.lease("a").lease == .wait)
        #expect(pool.lease("b").lease == .connect)
        #expect(pool.counts("a") == PoolCounts(leased: 1, connecting: 1, waiters: 1))
        #expect(pool.counts("b") == PoolCounts(connecting: 1))
        pool.machine.checkInvariants("limit")
    }

    @Test("a limit below one is one")
    func limitFloor() {
        var pool = PoolDriver(limit: 0)
        #expect(pool.lease().lease == .connect)
        #expect(pool.lease().lease == .wait)
    }

    @Test("waiters are served first come, first served, whatever frees the slot")
    func fifo() {
        var pool = PoolDriver(limit: 2)
        let kept = pool.open()
        let dropped = pool.open()
        let (first, second, third) = (pool.wait(), pool.wait(), pool.wait())
        // Given back reusable: straight to the first waiter, still leased.
        #expect(
            pool.machine.release(kept, reusable: true, now: pool.now)
                == Actions(resume: [.init(waiter: first, grant: .reuse(kept))]))
        // Given back broken: closed, and its slot to the second.
        #expect(
            pool.machine.release(dropped, reusable: false, now: pool.now)
                == Actions(resume: [.init(waiter: second, grant: .connect)], close: [dropped]))
        // That slot's connection fails to open: the slot goes to the third.
        #expect(pool.machine.connectFailed("a") == Actions(resume: [.init(waiter: third, grant: .connect)]))
        #expect(pool.counts() == PoolCounts(leased: 1, connecting: 1))
        pool.machine.checkInvariants("fifo")
    }

    @Test("a newcomer never jumps the line")
    func newcomerWaitsBehind() {
        var pool = PoolDriver(limit: 1)
        let connection = pool.open()
        let waiter = pool.wait()
        let late = pool.wait()
        #expect(
            pool.machine.release(connection, reusable: false, now: pool.now).resume == [
                .init(waiter: waiter, grant: .connect)
            ])
        #expect(pool.machine.hosts["a"]?.waiters == [late])
    }

    @Test("a fresh lease closes the key's idle connections and connects, even at the limit")
    func freshLease() {
        var pool = PoolDriver(limit: 2)
        _ = pool.open()
        let idle = pool.idle()
        let other = pool.idle("b")
        #expect(pool.counts() == PoolCounts(idle: 1, leased: 1))
        #expect(pool.lease(fresh: true) == Actions(lease: .connect, close: [idle]))
        #expect(pool.counts() == PoolCounts(leased: 1, connecting: 1))
        // Another key's idle connection stays.
        #expect(pool.lease("b").lease == .reuse(other))
        pool.machine.checkInvariants("fresh")
    }

    @Test("a reused connection found closed: the same caller gets the next idle one, then a slot")
    func reuseFailed() {
        var pool = PoolDriver(limit: 2)
        let idle = pool.idle(count: 2)
        let (older, newer) = (idle[0], idle[1])
        #expect(pool.lease(as: 7).lease == .reuse(newer))
        #expect(
            pool.machine.reuseFailed(newer, of: "a", waiterID: 7, now: pool.now)
                == Actions(lease: .reuse(older), close: [newer]))
        #expect(
            pool.machine.reuseFailed(older, of: "a", waiterID: 7, now: pool.now)
                == Actions(lease: .connect, close: [older]))
        #expect(pool.counts() == PoolCounts(connecting: 1))
        pool.machine.checkInvariants("reuse failed")
    }

    @Test("a reused connection found closed keeps its caller ahead of a later waiter")
    func reuseFailedBeforeLaterWaiter() {
        var pool = PoolDriver(limit: 1)
        let idle = pool.idle()
        #expect(pool.lease(as: 7).lease == .reuse(idle))
        let later = pool.wait()
        #expect(pool.machine.reuseFailed(idle, of: "a", waiterID: 7, now: pool.now).lease == .connect)
        #expect(pool.machine.hosts["a"]?.waiters == [later])
        pool.machine.checkInvariants("reuse failed, waiter behind")
    }

    @Test("a connection the pool never leased is closed, and counts for nothing")
    func unknownConnection() {
        var pool = PoolDriver(limit: 1)
        _ = pool.open()
        #expect(pool.machine.release(99, reusable: true, now: pool.now) == Actions(close: [99]))
        #expect(pool.machine.reuseFailed(98, of: "a", waiterID: 9, now: pool.now) == Actions(lease: .wait, close: [98]))
        #expect(pool.counts() == PoolCounts(leased: 1, waiters: 1))
        pool.machine.checkInvariants("unknown")
    }

    @Test("a cancelled waiter leaves the line; the freed slot goes to the next one")
    func cancelledWaiter() {
        var pool = PoolDriver(limit: 1)
        let connection = pool.open()
        let (first, second) = (pool.wait(), pool.wait())
        #expect(pool.machine.waiterCancelled(first) == Actions(fail: [first]))
        #expect(pool.machine.waiterCancelled(first) == Actions())
        #expect(
            pool.machine.release(connection, reusable: true, now: pool.now)
                == Actions(resume: [.init(waiter: second, grant: .reuse(connection))]))
        pool.machine.checkInvariants("cancelled")
    }

    @Test("no lost wake-up: a waiter cancelled after its turn came gives its grant back to the next")
    func cancelledAfterResumed() {
        var pool = PoolDriver(limit: 1)
        let connection = pool.open()
        let (first, second) = (pool.wait(), pool.wait())
        #expect(pool.machine.release(connection, reusable: true, now: pool.now).resume.map(\.waiter) == [first])
        // Its task was cancelled as it was resumed: too late to leave the line, so nothing happens;
        // its caller gives the connection back unused, and the second waiter gets it.
        #expect(pool.machine.waiterCancelled(first) == Actions())
        #expect(
            pool.machine.release(connection, reusable: true, now: pool.now)
                == Actions(resume: [.init(waiter: second, grant: .reuse(connection))]))
        // Same with a slot: the first waiter's connect is given back, the next gets it.
        let third = pool.wait()
        #expect(pool.machine.release(connection, reusable: false, now: pool.now).resume.map(\.waiter) == [third])
        #expect(pool.machine.waiterCancelled(third) == Actions())
        let fourth = pool.wait()
        #expect(pool.machine.connectFailed("a") == Actions(resume: [.init(waiter: fourth, grant: .connect)]))
        pool.machine.checkInvariants("cancelled late")
    }

    @Test("idle connections expire as the virtual clock passes their lifetime, not before")
    func idleExpiry() {
        var pool = PoolDriver(limit: 2)
        let (early, late) = (pool.open(), pool.open())
        #expect(pool.machine.release(early, reusable: true, now: 1_000) == Actions())
        #expect(pool.machine.release(late, reusable: true, now: 1_010) == Actions())
        #expect(pool.machine.nextIdleDeadline == 1_000 + PoolDriver.idleTimeout)
        #expect(pool.machine.idleTimerFired(now: 1_000 + PoolDriver.idleTimeout - 1) == Actions())
        #expect(pool.machine.idleTimerFired(now: 1_000 + PoolDriver.idleTimeout) == Actions(close: [early]))
        #expect(pool.machine.nextIdleDeadline == 1_010 + PoolDriver.idleTimeout)
        // A lease past the second deadline finds it expired, and connects.
        pool.now = 1_010 + PoolDriver.idleTimeout
        #expect(pool.lease() == Actions(lease: .connect, close: [late]))
        #expect(pool.machine.nextIdleDeadline == .max)
        pool.machine.checkInvariants("expiry")
    }

    @Test("each key's connections expire on their own; a later use restarts the lifetime")
    func idleExpiryPerConnection() {
        var pool = PoolDriver(limit: 2)
        let a = pool.idle("a")
        pool.now += 50
        #expect(pool.lease("a").lease == .reuse(a))
        #expect(pool.machine.release(a, reusable: true, now: pool.now) == Actions())
        let b = pool.idle("b")
        pool.now += 99
        #expect(pool.machine.idleTimerFired(now: pool.now) == Actions())
        pool.now += 1
        #expect(Set(pool.machine.idleTimerFired(now: pool.now).close) == [a, b])
        #expect(pool.machine.hosts.isEmpty)
    }

    @Test("an absurd idle timeout saturates instead of wrapping")
    func deadlineSaturates() {
        let machine = PoolMachine(maximumPerHost: 1, idleTimeout: .max)
        #expect(machine.deadline(since: 5) == .max)
    }

    @Test("closing idle connections leaves leased ones; they idle again when given back")
    func closeIdle() {
        var pool = PoolDriver(limit: 2)
        let leased = pool.open()
        let idle = pool.idle()
        #expect(pool.machine.closeIdleConnections() == Actions(close: [idle]))
        #expect(pool.machine.nextIdleDeadline == .max)
        #expect(pool.machine.release(leased, reusable: true, now: pool.now) == Actions())
        #expect(pool.counts() == PoolCounts(idle: 1))
    }

    @Test("shutdown fails waiters, closes idle and leased connections, and refuses everything after")
    func shutdown() {
        var pool = PoolDriver(limit: 2)
        let idle = pool.idle("b")
        let leased = pool.open()
        #expect(pool.lease().lease == .connect)
        let (first, second) = (pool.wait(), pool.wait())
        let actions = pool.machine.shutdown()
        #expect(actions.fail == [first, second])
        #expect(Set(actions.close) == [idle, leased])
        #expect(actions.resume.isEmpty && actions.lease == nil)
        pool.machine.checkInvariants("shutdown")
        // After: leases fail, connections given back or opened close, the rest does nothing.
        #expect(pool.lease() == Actions(lease: .shutDown))
        #expect(pool.machine.release(leased, reusable: true, now: pool.now) == Actions(close: [leased]))
        #expect(pool.machine.connected(42, for: "a") == Actions(lease: .shutDown, close: [42]))
        #expect(pool.machine.connectFailed("a") == Actions())
        #expect(
            pool.machine.reuseFailed(leased, of: "a", waiterID: 1, now: pool.now)
                == Actions(lease: .shutDown, close: [leased]))
        #expect(pool.machine.waiterCancelled(first) == Actions())
        #expect(pool.machine.closeIdleConnections() == Actions())
        #expect(pool.machine.idleTimerFired(now: .max) == Actions())
        #expect(pool.machine.shutdown() == Actions())
        pool.machine.checkInvariants("after shutdown")
    }

    @Test("a key's entry goes once nothing is left in it")
    func entriesGo() {
        var pool = PoolDriver(limit: 1)
        #expect(pool.lease().lease == .connect)
        #expect(pool.machine.connectFailed("a") == Actions())
        #expect(pool.machine.hosts.isEmpty)
        let connection = pool.open()
        #expect(pool.machine.release(connection, reusable: false, now: pool.now) == Actions(close: [connection]))
        #expect(pool.machine.hosts.isEmpty && pool.machine.leased.isEmpty)
    }
}
