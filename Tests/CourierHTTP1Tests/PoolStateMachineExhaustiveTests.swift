import Testing

@testable import CourierHTTP1

/// Every event in every state of one key of ``HTTP1PoolStateMachine``: the outcome is the one this
/// table (written apart from the machine) names, and the machine's laws hold afterwards.
@Suite("Pool state machine, every state and event")
struct PoolStateMachineExhaustiveTests {
    typealias State = PoolFixtures.State
    typealias Event = PoolFixtures.Event

    /// What a caller, a waiter or the shell sees, by kind.
    enum Kind: Hashable { case reuse, connect, wait, shutDown }

    /// An event's outcome: what the caller does, which waiters are resumed (by grant) or failed,
    /// how many connections close, and what the key holds after ("i1 l1 c1 w1": idle, leased,
    /// connecting, waiters).
    struct Outcome: Hashable, CustomStringConvertible {
        var lease: Kind?
        var resumed: [Kind] = []
        var failed = 0
        var closed = 0
        var after: PoolCounts

        init(_ lease: Kind? = nil, resumed: [Kind] = [], failed: Int = 0, closed: Int = 0, _ after: String = "") {
            self.lease = lease
            self.resumed = resumed
            self.failed = failed
            self.closed = closed
            var counts = PoolCounts()
            for part in after.split(separator: " ") {
                let value = Int(part.dropFirst()) ?? -1
                switch part.first {
                case "i": counts.idle = value
                case "l": counts.leased = value
                case "c": counts.connecting = value
                default: counts.waiters = value
                }
            }
            self.after = counts
        }

        init(_ actions: PoolMachine.Actions, after: PoolCounts) {
            func kind(_ grant: PoolMachine.Grant) -> Kind {
                if case .reuse = grant { .reuse } else { .connect }
            }
            switch actions.lease {
            case .reuse: lease = .reuse
            case .connect: lease = .connect
            case .wait: lease = .wait
            case .shutDown: lease = .shutDown
            case nil: lease = nil
            }
            resumed = actions.resume.map { kind($0.grant) }
            failed = actions.fail.count
            closed = actions.close.count
            self.after = after
        }

        var description: String {
            "lease \(lease.map { "\($0)" } ?? "-"), resumed \(resumed), failed \(failed), closed \(closed); \(after)"
        }
    }

    @Test("every applicable (state, event) pair has the expected outcome, and the laws hold")
    func everyPair() {
        var walked = 0
        for state in State.allCases {
            for event in Event.allCases {
                var reached = PoolFixtures.reach(state)
                guard PoolFixtures.applies(event, to: reached) else { continue }
                let label = "\(state) + \(event)"
                let actions = PoolFixtures.apply(event, to: &reached)
                let outcome = Outcome(actions, after: reached.pool.counts())
                #expect(outcome == Self.expected(state, event), "\(label): \(outcome)")
                reached.pool.machine.checkInvariants(label)
                #expect(Set(actions.close).count == actions.close.count, "\(label): a connection closed twice")
                if case .reuse(let connection) = actions.lease {
                    #expect(!actions.close.contains(connection), "\(label): reused and closed")
                }
                walked += 1
            }
        }
        #expect(walked == 86)
    }

    @Test("each state is reached by events, with what it names")
    func statesReached() {
        for state in State.allCases {
            let reached = PoolFixtures.reach(state)
            let expected: [State: String] = [
                .empty: "", .connecting: "c1", .leased: "l1", .idle: "i1", .idleExpired: "i1",
                .idleAndLeased: "i1 l1", .full: "l2", .fullWithWaiters: "l1 c1 w2", .shutDown: "",
            ]
            #expect(reached.pool.counts() == Outcome(nil, expected[state] ?? "?").after, "\(state)")
            #expect(reached.pool.machine.isShutDown == (state == .shutDown))
            reached.pool.machine.checkInvariants("\(state)")
        }
    }

    /// The table: one line per pair that can happen.
    static func expected(_ state: State, _ event: Event) -> Outcome {
        switch (state, event) {
        case (.empty, .lease), (.empty, .leaseFresh): Outcome(.connect, "c1")
        case (.empty, .releaseUnknown): Outcome(closed: 1)
        case (.empty, _): Outcome()

        case (.connecting, .lease), (.connecting, .leaseFresh): Outcome(.connect, "c2")
        case (.connecting, .connected): Outcome(nil, "l1")
        case (.connecting, .connectFailed), (.connecting, .shutdown): Outcome()
        case (.connecting, .releaseUnknown): Outcome(closed: 1, "c1")
        case (.connecting, _): Outcome(nil, "c1")

        case (.leased, .lease), (.leased, .leaseFresh): Outcome(.connect, "l1 c1")
        case (.leased, .reuseFailed): Outcome(.connect, closed: 1, "c1")
        case (.leased, .releaseReusable): Outcome(nil, "i1")
        case (.leased, .releaseBroken), (.leased, .shutdown): Outcome(closed: 1)
        case (.leased, .releaseUnknown): Outcome(closed: 1, "l1")
        case (.leased, _): Outcome(nil, "l1")

        case (.idle, .lease): Outcome(.reuse, "l1")
        case (.idle, .leaseFresh): Outcome(.connect, closed: 1, "c1")
        case (.idle, .releaseUnknown): Outcome(closed: 1, "i1")
        case (.idle, .closeIdle), (.idle, .shutdown): Outcome(closed: 1)
        case (.idle, _): Outcome(nil, "i1")

        // The event comes at the idle connection's deadline; only events that take `now`, or
        // close everything, see it.
        case (.idleExpired, .lease), (.idleExpired, .leaseFresh): Outcome(.connect, closed: 1, "c1")
        case (.idleExpired, .releaseUnknown): Outcome(closed: 1, "i1")
        case (.idleExpired, .cancelUnknownWaiter): Outcome(nil, "i1")
        case (.idleExpired, _): Outcome(closed: 1)

        case (.idleAndLeased, .lease): Outcome(.reuse, "l2")
        case (.idleAndLeased, .leaseFresh): Outcome(.connect, closed: 1, "l1 c1")
        case (.idleAndLeased, .reuseFailed): Outcome(.reuse, closed: 1, "l1")
        case (.idleAndLeased, .releaseReusable): Outcome(nil, "i2")
        case (.idleAndLeased, .releaseBroken): Outcome(closed: 1, "i1")
        case (.idleAndLeased, .releaseUnknown): Outcome(closed: 1, "i1 l1")
        case (.idleAndLeased, .closeIdle): Outcome(closed: 1, "l1")
        case (.idleAndLeased, .shutdown): Outcome(closed: 2)
        case (.idleAndLeased, _): Outcome(nil, "i1 l1")

        case (.full, .lease), (.full, .leaseFresh): Outcome(.wait, "l2 w1")
        case (.full, .reuseFailed): Outcome(.connect, closed: 1, "l1 c1")
        case (.full, .releaseReusable): Outcome(nil, "i1 l1")
        case (.full, .releaseBroken): Outcome(closed: 1, "l1")
        case (.full, .releaseUnknown): Outcome(closed: 1, "l2")
        case (.full, .shutdown): Outcome(closed: 2)
        case (.full, _): Outcome(nil, "l2")

        case (.fullWithWaiters, .lease), (.fullWithWaiters, .leaseFresh): Outcome(.wait, "l1 c1 w3")
        case (.fullWithWaiters, .reuseFailed): Outcome(.connect, closed: 1, "c2 w2")
        case (.fullWithWaiters, .connected): Outcome(nil, "l2 w2")
        case (.fullWithWaiters, .connectFailed): Outcome(resumed: [.connect], "l1 c1 w1")
        case (.fullWithWaiters, .releaseReusable): Outcome(resumed: [.reuse], "l1 c1 w1")
        case (.fullWithWaiters, .releaseBroken): Outcome(resumed: [.connect], closed: 1, "c2 w1")
        case (.fullWithWaiters, .releaseUnknown): Outcome(closed: 1, "l1 c1 w2")
        case (.fullWithWaiters, .cancelFirstWaiter): Outcome(failed: 1, "l1 c1 w1")
        case (.fullWithWaiters, .shutdown): Outcome(failed: 2, closed: 1)
        case (.fullWithWaiters, _): Outcome(nil, "l1 c1 w2")

        case (.shutDown, .lease), (.shutDown, .leaseFresh): Outcome(.shutDown)
        case (.shutDown, .reuseFailed), (.shutDown, .connected): Outcome(.shutDown, closed: 1)
        case (.shutDown, .releaseReusable), (.shutDown, .releaseBroken), (.shutDown, .releaseUnknown):
            Outcome(closed: 1)
        case (.shutDown, _): Outcome()
        }
    }
}
