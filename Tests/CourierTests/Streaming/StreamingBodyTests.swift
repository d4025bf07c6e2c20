import Foundation
import Testing

@testable import Courier
@testable import CourierTransport

@Suite(.timeLimit(.minutes(1))) struct StreamingBodyTests {
    @Test func aTakenChunkIsReleasedAtOnceWhileOthersWait() {
        // A producer that keeps the buffer from emptying must not keep taken chunks alive: with
        // many slots behind `first`, they held megabytes of a stream of small events.
        var state = BodyState()
        for _ in 0..<3 { state.append(Data(repeating: 7, count: 1024)) }
        for _ in 0..<2 {
            guard case .chunk(let chunk) = state.take(limit: 1 << 20).0 else {
                Issue.record("expected a chunk")
                return
            }
            #expect(chunk.count == 1024)
            state.append(Data(repeating: 7, count: 1024))
        }
        #expect(state.first == 2)
        let released = state.chunks[..<state.first].allSatisfy { $0.isEmpty }
        #expect(released, "taken chunks are released")
        #expect(state.buffered == 3 * 1024)
    }

    @Test func aFullBufferPausesTheProducerUntilHalfIsTaken() async throws {
        let body = StreamedBody(bufferLimit: 4096)
        let resumed = LockedState(0)
        body.onResume { resumed.withLock { $0 += 1 } }
        let chunk = Data(repeating: 1, count: 1024)
        #expect(body.yield(chunk))
        #expect(body.yield(chunk))
        #expect(body.yield(chunk))
        #expect(!body.yield(chunk))
        #expect(body.isPaused)

        _ = try await body.next()
        #expect(resumed.withLock { $0 } == 0)
        _ = try await body.next()
        #expect(resumed.withLock { $0 } == 1)
        #expect(!body.isPaused)
        #expect(body.peakBufferedBytes == 4096)
    }

    @Test func sendWaitsForRoomSoMemoryStaysBoundedWhateverTheLength() async throws {
        let body = StreamedBody(bufferLimit: 16 * 1024)
        let chunk = Data(repeating: 7, count: 1000)
        let producer = Task {
            for _ in 0..<4000 { try await body.send(chunk) }
            body.finish()
        }
        var total = 0
        while let piece = try await body.next() {
            total += piece.count
            // A slow consumer: let the producer run ahead as far as it may.
            await Task.yield()
        }
        try await producer.value
        #expect(total == 4_000_000)
        #expect(body.peakBufferedBytes <= 16 * 1024 + 1000)
    }

    @Test func cancellingStopsTheProducerOnceAndFailsAWaitingRead() async throws {
        let body = StreamedBody()
        let stops = LockedState(0)
        body.onCancel { stops.withLock { $0 += 1 } }
        let reader = Task { try await body.next() }
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        body.cancel()
        #expect(stops.withLock { $0 } == 1)
        #expect(!body.yield(Data([1])))
        body.onCancel { stops.withLock { $0 += 1 } }
        #expect(stops.withLock { $0 } == 2)
    }

    @Test func theBufferIsReadBeforeTheEndOrTheFailure() async throws {
        let body = StreamedBody()
        body.yield(Data([1]))
        body.finish(throwing: URLError(.networkConnectionLost))
        #expect(try await body.next() == Data([1]))
        await #expect(throws: URLError.self) { try await body.next() }
    }

    @Test func anIdleBodyTimesOutButAFullOneWaitingOnItsConsumerDoesNot() async throws {
        let clock = ManualClock()
        let idle = StreamedBody()
        idle.limitIdleTime(to: 0.5, clock: .manual(clock))
        let full = StreamedBody(bufferLimit: 1)
        full.limitIdleTime(to: 0.5, clock: .manual(clock))
        #expect(!full.yield(Data([1, 2])))
        // Both watches sleep on the clock; then two idle limits pass.
        _ = await clock.nextDeadline(sleepsOnly: true)
        await clock.advance(by: .milliseconds(499))
        #expect(!idle.isCancelled)
        await clock.advance(by: .milliseconds(501))
        await #expect { try await idle.next() } throws: { ($0 as? URLError)?.code == .timedOut }
        // Paused on its consumer for twice the limit: its watch looked and went back to sleep,
        // the body alive and its bytes all there.
        _ = await clock.nextDeadline(sleepsOnly: true)
        #expect(!full.isCancelled)
        #expect(try await full.next() == Data([1, 2]))
    }

    @Test func theIdleLimitCountsFromWhenItIsSetNotFromTheBodysCreation() async throws {
        let clock = ManualClock()
        let body = StreamedBody()
        // Time before the limit is set (a stream's connect and its wait for the head) is not idleness.
        await clock.advance(by: .seconds(60))
        body.limitIdleTime(to: 1, clock: .manual(clock))
        _ = await clock.nextDeadline(sleepsOnly: true)
        await clock.advance(by: .milliseconds(900))
        body.yield(Data([7]))
        await clock.advance(by: .milliseconds(900))
        // The watch woke at 1 s after the limit was set, found a byte 0.9 s old, and sleeps again.
        _ = await clock.nextDeadline(sleepsOnly: true)
        #expect(!body.isCancelled)
        #expect(try await body.next() == Data([7]))
    }
}
