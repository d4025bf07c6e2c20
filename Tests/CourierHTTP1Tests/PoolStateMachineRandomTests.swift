import Testing

@testable import CourierHTTP1

/// Random sequences of events on ``HTTP1PoolStateMachine``, played by simulated callers that
/// hold what the machine gives them: after each event the machine's laws hold, its counts match
/// what callers hold, and nothing is given twice, lost, or used after it closed.
@Suite("Pool state machine, random sequences")
struct PoolStateMachineRandomTests {
    /// A small deterministic generator (SplitMix64), so a failing seed replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The callers: what each holds, as the machine's actions gave it.
    struct Callers {
        var held: [Int: String] = [:]
        var slots: [String: Int] = [:]
        var waiting: [PoolMachine.WaiterID: String] = [:]
        var closed: Set<Int> = []
        var opened: Set<Int> = []

        /// Takes what the machine answered; `label` names the step in a failure.
        mutating func take(_ actions: PoolMachine.Actions, key: String?, waiter: PoolMachine.WaiterID, _ label: String)
        {
            for connection in actions.close {
                #expect(!closed.contains(connection), "\(label): \(connection) closed twice")
                closed.insert(connection)
                held[connection] = nil
            }
            for resumption in actions.resume {
                // First come, first served: ids grow, so the first in line has the smallest.
                let line = waiting.filter { $0.value == waiting[resumption.waiter] }.keys
                #expect(resumption.waiter == line.min(), "\(label): waiter \(resumption.waiter) served out of turn")
                guard let key = waiting.removeValue(forKey: resumption.waiter) else {
                    Issue.record("\(label): waiter \(resumption.waiter) resumed, not in line")
                    continue
                }
                grant(resumption.grant, key: key, label)
            }
            for id in actions.fail {
                #expect(waiting.removeValue(forKey: id) != nil, "\(label): waiter \(id) failed, not in line")
            }
            guard let key, let lease = actions.lease else { return }
            switch lease {
            case .reuse(let connection): grant(.reuse(connection), key: key, label)
            case .connect: grant(.connect, key: key, label)
            case .wait: waiting[waiter] = key
            case .shutDown: break
            }
        }

        mutating func grant(_ grant: PoolMachine.Grant, key: String, _ label: String) {
            switch grant {
            case .reuse(let connection):
                #expect(!closed.contains(connection), "\(label): closed \(connection) handed out")
                #expect(held[connection] == nil, "\(label): \(connection) handed out twice")
                held[connection] = key
            case .connect:
                slots[key, default: 0] += 1
            }
        }

        /// What callers hold matches what the machine counts.
        func check(against machine: PoolMachine, _ label: String) {
            // After shutdown, callers may still hold slots the machine forgot: they report them.
            for key in ["a", "b"] where !machine.isShutDown {
                let host = machine.hosts[key] ?? PoolMachine.Host()
                #expect(host.leased == held.values.filter { $0 == key }.count, "\(label): \(key) leased")
                #expect(host.connecting == slots[key, default: 0], "\(label): \(key) connecting")
                #expect(host.waiters.count == waiting.values.filter { $0 == key }.count, "\(label): \(key) waiters")
                for idle in host.idle {
                    #expect(!closed.contains(idle.connection), "\(label): closed \(idle.connection) idles")
                }
            }
            let idle = machine.hosts.values.flatMap { $0.idle.map(\.connection) }
            #expect(Set(held.keys).union(idle).union(closed) == opened, "\(label): a connection lost")
        }
    }

    @Test("random events keep the laws, seed by seed", arguments: 0..<40)
    func randomSequence(seed: UInt64) {
        var random = Generator(state: seed)
        var machine = PoolMachine(maximumPerHost: Int.random(in: 1...3, using: &random), idleTimeout: 50)
        var callers = Callers()
        var now: UInt64 = 0
        var nextID: UInt64 = 0
        for step in 0..<300 {
            let key = Bool.random(using: &random) ? "a" : "b"
            nextID += 1
            let label = "seed \(seed) step \(step)"
            var actions = PoolMachine.Actions()
            var leaseKey: String?
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                actions = machine.lease(
                    key, fresh: Int.random(in: 0..<10, using: &random) == 0, waiterID: nextID, now: now)
                leaseKey = key
                // A reused connection found closed, now and then.
                if case .reuse(let connection) = actions.lease, Int.random(in: 0..<5, using: &random) == 0 {
                    callers.take(actions, key: key, waiter: nextID, label)
                    callers.held[connection] = nil
                    actions = machine.reuseFailed(connection, of: key, waiterID: nextID, now: now)
                }
            case 30..<55:
                guard let (connection, _) = callers.held.randomElement(using: &random) else { continue }
                callers.held[connection] = nil
                actions = machine.release(connection, reusable: Int.random(in: 0..<4, using: &random) > 0, now: now)
            case 55..<75:
                guard let (slotKey, _) = callers.slots.filter({ $0.value > 0 }).randomElement(using: &random) else {
                    continue
                }
                callers.slots[slotKey, default: 0] -= 1
                if Bool.random(using: &random) {
                    callers.opened.insert(Int(nextID))
                    actions = machine.connected(Int(nextID), for: slotKey)
                    if actions.lease != .shutDown { callers.held[Int(nextID)] = slotKey }
                } else {
                    actions = machine.connectFailed(slotKey)
                }
            case 75..<85:
                // A waiter in line, or one long answered, gives up.
                let id =
                    callers.waiting.keys.randomElement(using: &random) ?? UInt64.random(in: 0...nextID, using: &random)
                actions = machine.waiterCancelled(id)
            case 85..<95:
                now += UInt64.random(in: 0...30, using: &random)
                actions = machine.idleTimerFired(now: now)
            case 95..<99:
                actions = machine.closeIdleConnections()
            default:
                if Int.random(in: 0..<4, using: &random) == 0 { actions = machine.shutdown() }
            }
            callers.take(actions, key: leaseKey, waiter: nextID, label)
            machine.checkInvariants(label)
            callers.check(against: machine, label)
        }
    }
}
