import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An event stream whose server asks for a reconnection storm gets a bounded one: a floor under
/// the delay, a bound on reconnections per minute, and a bounded `Last-Event-ID`. Waits are
/// observed on a virtual clock, never slept.
@Suite(.timeLimit(.minutes(1))) struct StreamReconnectionTests {
    /// A clock whose time moves only when a reconnection waits on it.
    final class VirtualClock: Sendable {
        private let state = LockedState<(now: Duration, waits: [Duration])>((.zero, []))

        var now: Duration { state.withLock { $0.now } }
        var waits: [Duration] { state.withLock { $0.waits } }

        var clock: ReconnectionClock {
            ReconnectionClock(
                now: { self.now },
                sleep: { wait in
                    self.state.withLock { state in
                        state.waits.append(wait)
                        state.now += wait
                    }
                })
        }
    }

    /// Answers every connection with `body(n)` (n counts connections from 0), then cuts it.
    final class CuttingTransport: StreamingTransport {
        private let calls = LockedState<[(at: Duration, lastEventID: String?)]>([])
        private let clock: VirtualClock
        private let body: @Sendable (Int) -> String

        init(clock: VirtualClock, body: @escaping @Sendable (Int) -> String) {
            self.clock = clock
            self.body = body
        }

        var connections: [(at: Duration, lastEventID: String?)] { calls.withLock { $0 } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.unsupportedURL)
        }

        func stream(_ request: TransportRequest, into streamed: StreamedBody) async throws -> TransportResponse {
            let count = calls.withLock { calls in
                calls.append((clock.now, request.urlRequest.value(forHTTPHeaderField: "Last-Event-ID")))
                return calls.count - 1
            }
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw URLError(.badServerResponse) }
            streamed.yield(Data(body(count).utf8))
            streamed.finish(throwing: URLError(.networkConnectionLost))
            return TransportResponse(response: head)
        }
    }

    private func options(_ clock: VirtualClock, _ policy: StreamReconnection = StreamReconnection()) -> StreamOptions {
        var policy = policy
        policy.clock = clock.clock
        return StreamOptions(reconnection: policy)
    }

    @Test func retryZeroWaitsTheFloorAndReconnectionsPerMinuteAreBounded() async throws {
        let clock = VirtualClock()
        let transport = CuttingTransport(clock: clock) { n in "retry: 0\nid: \(n)\ndata: x\n\n" }
        let provider = Provider<FeedAPI>(transport: transport)
        var events = 0
        // Every event resets the reconnections in a row, so only the rate bounds the storm.
        for try await _ in provider.events(.feed, options: options(clock)) {
            events += 1
            if events == 25 { break }
        }

        let waits = clock.waits
        #expect(waits.count == 24)
        #expect(waits.allSatisfy { $0 >= .seconds(1) }, "\(waits)")
        #expect(waits.prefix(10).allSatisfy { $0 == .seconds(1) }, "\(waits)")
        let perMinute = StreamReconnection().maximumReconnectionsPerMinute
        let reconnections = transport.connections.dropFirst().map(\.at)
        for index in reconnections.indices.dropLast(perMinute) {
            let span = reconnections[index + perMinute] - reconnections[index]
            #expect(span >= .seconds(60), "reconnections \(index)...\(index + perMinute) within \(span)")
        }
    }

    @Test func theFloorAndTheRateAreTheApps() async throws {
        let clock = VirtualClock()
        let transport = CuttingTransport(clock: clock) { n in "retry: 10\nid: \(n)\ndata: x\n\n" }
        let provider = Provider<FeedAPI>(transport: transport)
        let policy = StreamReconnection(minimumDelay: 0.25, maximumReconnectionsPerMinute: 3)
        var events = 0
        for try await _ in provider.events(.feed, options: options(clock, policy)) {
            events += 1
            if events == 5 { break }
        }
        // The fourth waits until the first of the last three (at 0.25 s) is a minute old.
        #expect(clock.waits == [.milliseconds(250), .milliseconds(250), .milliseconds(250), .milliseconds(59_500)])
    }

    @Test func aLastEventIDLongerThanTheBoundIsNotSentBack() async throws {
        let clock = VirtualClock()
        let long = String(repeating: "a", count: EventStreamParser.maximumEventIDLength + 1)
        let transport = CuttingTransport(clock: clock) { n in
            n == 0 ? "id: short-1\ndata: x\n\nid: \(long)\ndata: y\n\n" : "data: z\n\n"
        }
        let provider = Provider<FeedAPI>(transport: transport)
        var ids: [String] = []
        for try await event in provider.events(.feed, options: options(clock)) {
            ids.append(event.id)
            if ids.count == 3 { break }
        }
        #expect(ids == ["short-1", "short-1", "short-1"])
        #expect(transport.connections.map(\.lastEventID) == [nil, "short-1"])
    }
}
