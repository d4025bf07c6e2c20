#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// Connection attempts the test settles by hand, and a head-start clock it fires by hand: what
    /// the racer does is observed as events, so no test waits on time.
    private final class FakeAttempts: Sendable {
        enum Event: Sendable, Equatable {
            case started(String)
            case cancelled(String)
            case timerStarted
            case discarded(String)
        }

        struct Failure: Error, Equatable {
            let address: String
        }

        private struct State: Sendable {
            var attempts: [String: CheckedContinuation<String, any Error>] = [:]
            var cancelled: Set<String> = []
            var timers: [CheckedContinuation<Void, any Error>?] = []
        }

        let events: AsyncStream<Event>
        private let sink: AsyncStream<Event>.Continuation
        private let state = LockedState(State())
        /// Whether a cancelled attempt ends at once (a real connect does); otherwise it runs on
        /// until the test settles it.
        private let endsWhenCancelled: Bool

        init(endsWhenCancelled: Bool = true) {
            (events, sink) = AsyncStream.makeStream()
            self.endsWhenCancelled = endsWhenCancelled
        }

        var racer: AddressRacer {
            var racer = AddressRacer()
            racer.sleep = { [self] _ in try await timer() }
            return racer
        }

        func attempt(_ address: String) async throws -> String {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let cancelledAlready = state.withLock { state in
                        state.attempts[address] = continuation
                        return state.cancelled.contains(address)
                    }
                    sink.yield(.started(address))
                    if cancelledAlready, endsWhenCancelled { settle(address, with: .failure(CancellationError())) }
                }
            } onCancel: {
                let pending = state.withLock { state in
                    state.cancelled.insert(address)
                    return state.attempts[address] != nil
                }
                sink.yield(.cancelled(address))
                if pending, endsWhenCancelled { settle(address, with: .failure(CancellationError())) }
            }
        }

        func discard(_ connection: String) { sink.yield(.discarded(connection)) }

        func settle(_ address: String, with result: Result<String, any Error>) {
            state.withLock { $0.attempts.removeValue(forKey: address) }?.resume(with: result)
        }

        func succeed(_ address: String) { settle(address, with: .success(address)) }
        func fail(_ address: String) { settle(address, with: .failure(Failure(address: address))) }

        /// Ends the head start of the newest timer.
        func fireNewestTimer() {
            let timer = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.timers.lastIndex(where: { $0 != nil }) else { return nil }
                defer { state.timers[index] = nil }
                return state.timers[index]
            }
            timer?.resume()
        }

        private func timer() async throws {
            let index = state.withLock { state in
                state.timers.append(nil)
                return state.timers.count - 1
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let cancelled = state.withLock { state in
                        if Task.isCancelled { return true }
                        state.timers[index] = continuation
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                    sink.yield(.timerStarted)
                }
            } onCancel: {
                state.withLock { state in
                    defer { state.timers[index] = nil }
                    return state.timers[index]
                }?.resume(throwing: CancellationError())
            }
        }

        func finish() { sink.finish() }
    }

    /// The events of a race, as read so far.
    private final class EventLog {
        private var iterator: AsyncStream<FakeAttempts.Event>.Iterator
        private(set) var seen: [FakeAttempts.Event] = []

        init(_ fake: FakeAttempts) { iterator = fake.events.makeAsyncIterator() }

        /// Reads events until `wanted` comes (or came already); `false` if the stream ends first.
        func waitFor(_ wanted: FakeAttempts.Event) async -> Bool {
            if seen.contains(wanted) { return true }
            while let event = await iterator.next() {
                seen.append(event)
                if event == wanted { return true }
            }
            return false
        }

        /// Reads the rest, once the stream is finished.
        func drain() async {
            while let event = await iterator.next() { seen.append(event) }
        }
    }

    @Suite("Address racing (Happy Eyeballs, RFC 8305) without sockets")
    struct AddressRacerTests {
        @Test("a failed attempt starts the next at once, without waiting for the head start")
        func failureStartsNextAtOnce() async throws {
            let fake = FakeAttempts()
            let race = Task {
                try await fake.racer.race(["a", "b", "c"], attempt: fake.attempt, discard: fake.discard)
            }
            let log = EventLog(fake)
            #expect(await log.waitFor(.started("a")))
            fake.fail("a")
            #expect(await log.waitFor(.started("b")))
            fake.succeed("b")
            #expect(try await race.value == "b")
            fake.finish()
            await log.drain()
            #expect(!log.seen.contains(.started("c")))
        }

        @Test("a slow attempt gets a head start, then the next races it; the winner cancels the loser")
        func headStartThenRace() async throws {
            let fake = FakeAttempts()
            let race = Task { try await fake.racer.race(["a", "b"], attempt: fake.attempt, discard: fake.discard) }
            let log = EventLog(fake)
            #expect(await log.waitFor(.started("a")))
            #expect(await log.waitFor(.timerStarted))
            #expect(!log.seen.contains(.started("b")))
            fake.fireNewestTimer()
            #expect(await log.waitFor(.started("b")))
            fake.succeed("b")
            #expect(try await race.value == "b")
            #expect(await log.waitFor(.cancelled("a")))
        }

        @Test("a connection made after the winner's is discarded, not leaked")
        func lateConnectionIsDiscarded() async throws {
            let fake = FakeAttempts(endsWhenCancelled: false)
            let race = Task { try await fake.racer.race(["a", "b"], attempt: fake.attempt, discard: fake.discard) }
            let log = EventLog(fake)
            #expect(await log.waitFor(.timerStarted))
            fake.fireNewestTimer()
            #expect(await log.waitFor(.started("b")))
            fake.succeed("b")
            #expect(await log.waitFor(.cancelled("a")))
            fake.succeed("a")
            #expect(try await race.value == "b")
            #expect(await log.waitFor(.discarded("a")))
        }

        @Test("when every attempt fails, the race throws the last failure")
        func allFail() async throws {
            let fake = FakeAttempts()
            let race = Task { try await fake.racer.race(["a", "b"], attempt: fake.attempt, discard: fake.discard) }
            let log = EventLog(fake)
            #expect(await log.waitFor(.started("a")))
            fake.fail("a")
            #expect(await log.waitFor(.started("b")))
            fake.fail("b")
            await #expect(throws: FakeAttempts.Failure(address: "b")) { try await race.value }
        }

        @Test("cancelling the caller cancels every attempt and throws CancellationError")
        func callerCancelled() async throws {
            let fake = FakeAttempts()
            let race = Task { try await fake.racer.race(["a", "b"], attempt: fake.attempt, discard: fake.discard) }
            let log = EventLog(fake)
            #expect(await log.waitFor(.timerStarted))
            fake.fireNewestTimer()
            #expect(await log.waitFor(.started("b")))
            race.cancel()
            await #expect(throws: CancellationError.self) { try await race.value }
            #expect(await log.waitFor(.cancelled("a")))
            #expect(await log.waitFor(.cancelled("b")))
        }

        @Test("no address: a typed error, no attempt")
        func noAddress() async {
            let fake = FakeAttempts()
            await #expect(throws: AddressRacer.NoAddress.self) {
                try await fake.racer.race([String](), attempt: fake.attempt, discard: fake.discard)
            }
        }

        @Test("families alternate, starting with the first address's, each keeping its order")
        func interleaving() {
            let family: (String) -> Int32 = { $0.hasPrefix("v6") ? 10 : 2 }
            #expect(
                AddressRacer.interleaved(["v6a", "v6b", "v6c", "v4a", "v4b"], family: family)
                    == ["v6a", "v4a", "v6b", "v4b", "v6c"])
            #expect(
                AddressRacer.interleaved(["v4a", "v4b", "v4c", "v6a"], family: family) == ["v4a", "v6a", "v4b", "v4c"])
            #expect(AddressRacer.interleaved(["v4a"], family: family) == ["v4a"])
            #expect(AddressRacer.interleaved([String](), family: family).isEmpty)
        }
    }
#endif
