@testable import CourierHTTP1

/// The states of one key of ``HTTP1PoolStateMachine`` (limit 2) that the exhaustive test walks,
/// each reached by events alone, and the events applied to them.
enum PoolFixtures {
    /// A key's state.
    enum State: String, CaseIterable {
        case empty, connecting, leased, idle, idleExpired, idleAndLeased, full, fullWithWaiters, shutDown
    }

    /// An event, by what it does to the things a state holds.
    enum Event: String, CaseIterable {
        case lease, leaseFresh, reuseFailed, connected, connectFailed, releaseReusable, releaseBroken
        case releaseUnknown, cancelFirstWaiter, cancelUnknownWaiter, idleTimerFired, closeIdle, shutdown
    }

    /// A state reached, with the leased connection and first waiter it holds (if any).
    struct Reached {
        var pool: PoolDriver
        var leased: Int?
        var firstWaiter: PoolMachine.WaiterID?
        var hasConnectingSlot: Bool
    }

    static let unknownConnection = 99
    static let unknownWaiter: PoolMachine.WaiterID = 999

    /// `state` for key "a", reached from a new pool by events.
    static func reach(_ state: State) -> Reached {
        var pool = PoolDriver(limit: 2)
        var reached = Reached(pool: pool, leased: nil, firstWaiter: nil, hasConnectingSlot: false)
        switch state {
        case .empty:
            break
        case .connecting:
            _ = pool.lease()
            reached.hasConnectingSlot = true
        case .leased:
            reached.leased = pool.open()
        case .idle:
            pool.idle()
        case .idleExpired:
            pool.idle()
            pool.now += PoolDriver.idleTimeout
        case .idleAndLeased:
            reached.leased = pool.open()
            pool.idle()
        case .full:
            reached.leased = pool.open()
            _ = pool.open()
        case .fullWithWaiters, .shutDown:
            reached.leased = pool.open()
            _ = pool.lease()
            reached.hasConnectingSlot = true
            reached.firstWaiter = pool.wait()
            _ = pool.wait()
            if state == .shutDown { _ = pool.machine.shutdown() }
        }
        reached.pool = pool
        return reached
    }

    /// Whether `event` can happen in `reached`: the shell gives back or reports only what it holds.
    static func applies(_ event: Event, to reached: Reached) -> Bool {
        switch event {
        case .reuseFailed, .releaseReusable, .releaseBroken: reached.leased != nil
        case .connected, .connectFailed: reached.hasConnectingSlot
        case .cancelFirstWaiter: reached.firstWaiter != nil
        default: true
        }
    }

    /// Applies `event` to `reached`'s machine.
    static func apply(_ event: Event, to reached: inout Reached) -> PoolMachine.Actions {
        let now = reached.pool.now
        let leased = reached.leased ?? unknownConnection
        switch event {
        case .lease: return reached.pool.lease()
        case .leaseFresh: return reached.pool.lease(fresh: true)
        case .reuseFailed: return reached.pool.machine.reuseFailed(leased, of: "a", waiterID: 500, now: now)
        case .connected: return reached.pool.machine.connected(50, for: "a")
        case .connectFailed: return reached.pool.machine.connectFailed("a")
        case .releaseReusable: return reached.pool.machine.release(leased, reusable: true, now: now)
        case .releaseBroken: return reached.pool.machine.release(leased, reusable: false, now: now)
        case .releaseUnknown: return reached.pool.machine.release(unknownConnection, reusable: true, now: now)
        case .cancelFirstWaiter: return reached.pool.machine.waiterCancelled(reached.firstWaiter ?? unknownWaiter)
        case .cancelUnknownWaiter: return reached.pool.machine.waiterCancelled(unknownWaiter)
        case .idleTimerFired: return reached.pool.machine.idleTimerFired(now: now)
        case .closeIdle: return reached.pool.machine.closeIdleConnections()
        case .shutdown: return reached.pool.machine.shutdown()
        }
    }
}
