/// Taking connections and giving them back.
extension HTTP1PoolStateMachine {
    /// A caller wants a connection to `key`. With `fresh`, every idle connection to `key` is
    /// closed first (one was found closed by the server, so the others likely are too). Idle
    /// connections past their lifetime at `now` close on the way.
    ///
    /// - Returns: ``Actions/lease`` says what the caller does (``LeaseOutcome``); when it is
    ///   `.wait`, the caller is in line as `waiterID`.
    mutating func lease(_ key: Key, fresh: Bool, waiterID: WaiterID, now: UInt64) -> Actions {
        guard !isShutDown else { return Actions(lease: .shutDown) }
        var actions = expireIdleConnections(now: now)
        var host = take(key)
        if fresh, !host.idle.isEmpty {
            actions.close += host.idle.map(\.connection)
            host.idle.removeAll()
            serveWaiters(key, &host, &actions)
        }
        actions.lease = grant(key, waiterID: waiterID, &host)
        put(host, for: key)
        return actions
    }

    /// The idle connection a lease of `key` handed out was not quiet (closed, or bytes nobody
    /// asked for): the shell closes it, and the same caller gets the next idle connection, or the
    /// slot to open one in its place. That slot is the caller's: no waiter is in line ahead of it,
    /// since waiters exist only while no connection is idle, and this one was.
    mutating func reuseFailed(_ connection: Connection, of key: Key, waiterID: WaiterID, now: UInt64) -> Actions {
        guard !isShutDown else { return Actions(lease: .shutDown, close: [connection]) }
        var actions = expireIdleConnections(now: now)
        actions.close.append(connection)
        var host = take(key)
        if leased.removeValue(forKey: connection) != nil {
            host.leased -= 1
            if host.idle.isEmpty {
                host.connecting += 1
                actions.lease = .connect
            }
        }
        // A connection the pool did not lease gives no slot: the caller leases anew.
        actions.lease = actions.lease ?? grant(key, waiterID: waiterID, &host)
        put(host, for: key)
        return actions
    }

    /// The connection opened for a `.connect` slot of `key` is up: it counts as leased. After
    /// ``shutdown()``, ``Actions/lease`` is `.shutDown` and the connection is closed.
    mutating func connected(_ connection: Connection, for key: Key) -> Actions {
        guard !isShutDown else { return Actions(lease: .shutDown, close: [connection]) }
        var host = take(key)
        host.connecting = max(0, host.connecting - 1)
        host.leased += 1
        leased[connection] = key
        put(host, for: key)
        return Actions()
    }

    /// A `.connect` slot of `key` is given back without a connection (the connection could not be
    /// opened): the next waiter gets it.
    mutating func connectFailed(_ key: Key) -> Actions {
        guard !isShutDown else { return Actions() }
        var actions = Actions()
        var host = take(key)
        host.connecting = max(0, host.connecting - 1)
        serveWaiters(key, &host, &actions)
        put(host, for: key)
        return actions
    }

    /// A leased connection is given back at `now`: with `reusable`, it goes to the first waiter
    /// for its key, or idles in the pool; otherwise it closes and its slot goes to the first
    /// waiter. A connection the pool did not lease (or any, after ``shutdown()``) closes.
    mutating func release(_ connection: Connection, reusable: Bool, now: UInt64) -> Actions {
        guard !isShutDown, let key = leased[connection] else { return Actions(close: [connection]) }
        var actions = expireIdleConnections(now: now)
        var host = take(key)
        if reusable, !host.waiters.isEmpty {
            // It stays leased, to the waiter.
            let waiter = host.waiters.removeFirst()
            waiting[waiter] = nil
            actions.resume.append(Resumption(waiter: waiter, grant: .reuse(connection)))
        } else {
            leased[connection] = nil
            host.leased -= 1
            if reusable {
                host.idle.append(IdleConnection(connection: connection, since: now))
                nextIdleDeadline = min(nextIdleDeadline, deadline(since: now))
            } else {
                actions.close.append(connection)
                serveWaiters(key, &host, &actions)
            }
        }
        put(host, for: key)
        return actions
    }
}
