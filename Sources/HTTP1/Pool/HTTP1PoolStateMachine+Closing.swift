/// Waiters giving up, idle connections expiring or closed, and shutdown.
extension HTTP1PoolStateMachine {
    /// The waiter `id` gives up (its task was cancelled): it leaves the line, and
    /// ``Actions/fail`` names it. Nothing happens when its turn already came (it was resumed):
    /// the caller then gives back what it got, and that goes to the next waiter.
    mutating func waiterCancelled(_ id: WaiterID) -> Actions {
        guard let key = waiting.removeValue(forKey: id) else { return Actions() }
        var host = take(key)
        host.waiters.removeAll { $0 == id }
        put(host, for: key)
        return Actions(fail: [id])
    }

    /// Time passed: closes the idle connections whose lifetime ended at `now`. Every event that
    /// takes `now` does this first, so a shell without a timer of its own loses nothing; a shell
    /// with one schedules it at ``nextIdleDeadline``.
    mutating func idleTimerFired(now: UInt64) -> Actions {
        expireIdleConnections(now: now)
    }

    /// Closes the idle connections past their lifetime at `now`; their slots go to waiters.
    mutating func expireIdleConnections(now: UInt64) -> Actions {
        var actions = Actions()
        guard now >= nextIdleDeadline else { return actions }
        var next = UInt64.max
        for key in Array(hosts.keys) {
            var host = take(key)
            let before = host.idle.count
            host.idle.removeAll { idle in
                let deadline = deadline(since: idle.since)
                if now >= deadline {
                    actions.close.append(idle.connection)
                    return true
                }
                next = min(next, deadline)
                return false
            }
            if host.idle.count < before { serveWaiters(key, &host, &actions) }
            put(host, for: key)
        }
        nextIdleDeadline = next
        return actions
    }

    /// Closes every idle connection; leased ones close when they come back unreusable, or idle
    /// again. Their slots go to waiters.
    mutating func closeIdleConnections() -> Actions {
        var actions = Actions()
        for key in Array(hosts.keys) {
            var host = take(key)
            actions.close += host.idle.map(\.connection)
            host.idle.removeAll()
            serveWaiters(key, &host, &actions)
            put(host, for: key)
        }
        nextIdleDeadline = .max
        return actions
    }

    /// Ends the pool: every connection closes, idle or leased (a call using one fails), every
    /// waiter fails, and every later lease fails (``LeaseOutcome/shutDown``). A connection given
    /// back, or opened, afterwards closes. A second shutdown does nothing.
    mutating func shutdown() -> Actions {
        guard !isShutDown else { return Actions() }
        isShutDown = true
        var actions = Actions()
        for host in hosts.values {
            actions.close += host.idle.map(\.connection)
            actions.fail += host.waiters
        }
        actions.close += leased.keys
        hosts.removeAll()
        leased.removeAll()
        waiting.removeAll()
        nextIdleDeadline = .max
        return actions
    }
}
