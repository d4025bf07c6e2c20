import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call cancelled at any moment ends, once: 10,000 calls per transport, each cancelled after a
/// random number of scheduling turns (none included, so some are cancelled before they start).
///
/// No call is timed: a busy machine may take seconds to deliver a cancellation, and that is not a
/// failure. A call that never ends is, and it is caught by a guard on the whole run, far longer
/// than any machine needs, which then says how many calls were still running.
@Suite("Stress: cancel at any moment", .requiresHostileServer, .serialized)
struct CancelRaceStressTests {
    private static let iterations = 10_000
    private static let width = 16
    /// How long the whole run may take before the calls still running count as stuck: a guard
    /// against a hang, never reached by a run that passes.
    private static let hangGuard: UInt64 = 300_000_000_000

    @Test("the transport alone ends every cancelled call", arguments: [HostileTransport.urlSession, .native])
    func transport(kind: HostileTransport) async throws {
        let transport = kind.make()
        let url = try LiveServers.url(for: .hostile).appendingPathComponent("canary")
        let stuck = await Self.run { index in
            let call = Task { try await transport.send(TransportRequest(urlRequest: URLRequest(url: url))) }
            await Self.yield(times: index % 9)
            call.cancel()
            _ = try? await call.value
        }
        #expect(stuck == 0, "\(stuck) of \(Self.iterations) cancelled calls had not ended")
    }

    @Test("the provider's completion handler is called once per cancelled call", arguments: HostileTransport.allCases)
    func completionHandler(kind: HostileTransport) async throws {
        let provider = Provider<HostileTarget>(transport: kind.make())
        let target = try HostileTarget("canary")
        let calls = LockedState(0)
        let stuck = await Self.run { index in
            let completed = Latch()
            let call = provider.request(target) { _ in
                calls.withLock { $0 += 1 }
                completed.open()
            }
            await Self.yield(times: index % 9)
            call.cancel()
            await completed.wait()
        }
        #expect(stuck == 0, "\(stuck) of \(Self.iterations) cancelled calls had not ended")
        #expect(calls.withLock { $0 } == Self.iterations, "each completion handler ran exactly once")
    }

    /// Runs `iteration` for every index, `width` at a time, and returns how many had not ended
    /// when ``hangGuard`` passed (none, when every call ends).
    private static func run(_ iteration: @escaping @Sendable (Int) async -> Void) async -> Int {
        let ended = LockedState(0)
        let finished = await EndsWithin.nanoseconds(hangGuard) {
            await withTaskGroup(of: Void.self) { group in
                for lane in 0..<width {
                    group.addTask {
                        for index in stride(from: lane, to: iterations, by: width) {
                            await iteration(index)
                            ended.withLock { $0 += 1 }
                        }
                    }
                }
            }
        }
        return finished ? 0 : iterations - ended.withLock { $0 }
    }

    private static func yield(times: Int) async {
        for _ in 0..<times { await Task.yield() }
    }
}

/// A one-time signal that any number of tasks can await.
final class Latch: Sendable {
    private let state = LockedState<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Returns once ``open()`` has been called.
    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every waiter, present and future, go on.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Whether some work ends within a bound, without waiting for it past the bound.
enum EndsWithin {
    /// `true` when `work` ends within `nanoseconds`; the work is left running otherwise.
    static func nanoseconds(_ nanoseconds: UInt64, _ work: @escaping @Sendable () async -> Void) async -> Bool {
        let verdict = LockedState<CheckedContinuation<Bool, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            verdict.withLock { $0 = continuation }
            let settle: @Sendable (Bool) -> Void = { ended in
                verdict.withLock { state -> CheckedContinuation<Bool, Never>? in
                    defer { state = nil }
                    return state
                }?.resume(returning: ended)
            }
            let timer = Task {
                // A timer cancelled because the work ended must not settle the verdict.
                guard (try? await Task.sleep(nanoseconds: nanoseconds)) != nil else { return }
                settle(false)
            }
            Task {
                await work()
                timer.cancel()
                settle(true)
            }
        }
    }
}
