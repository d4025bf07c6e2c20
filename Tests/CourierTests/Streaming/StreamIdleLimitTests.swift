import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stream's idle limit is the server's silence once the head has come, counted on the
/// provider's clock: the time before the head (connecting, a busy machine's wait for a thread) is
/// bounded by the request's own timeout, never taken for an idle body. On virtual time.
@Suite(.timeLimit(.minutes(1))) struct StreamIdleLimitTests {
    /// Answers a stream's head (only once the test releases `head`, when there is one), then the
    /// body's `lines`; the connection stays open after them unless `finishes`.
    final class GatedStreamTransport: StreamingTransport {
        let head: Hang?
        let lines: [String]
        let finishes: Bool
        private let opened = LockedState<StreamedBody?>(nil)

        /// The body of the last stream opened, for a test to go on writing to.
        var lastBody: StreamedBody? { opened.withLock { $0 } }

        init(gated: Bool, lines: [String], finishes: Bool) {
            head = gated ? Hang() : nil
            self.lines = lines
            self.finishes = finishes
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.unsupportedURL)
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            await head?.wait()
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw URLError(.badServerResponse) }
            opened.withLock { $0 = body }
            body.yield(Data(lines.map { $0 + "\n" }.joined().utf8))
            if finishes { body.finish() }
            return TransportResponse(response: response)
        }
    }

    private func provider(_ transport: GatedStreamTransport, on clock: ManualClock) -> Provider<FeedAPI> {
        var options = ProviderOptions()
        options.clock = .manual(clock)
        return Provider<FeedAPI>(transport: transport, options: options)
    }

    @Test("a head that comes long after the idle limit is not an idle body")
    func slowHead() async throws {
        let clock = ManualClock()
        let transport = GatedStreamTransport(gated: true, lines: ["a", "b"], finishes: true)
        let gate = try #require(transport.head)
        let provider = provider(transport, on: clock)
        let reading = Task {
            var lines: [String] = []
            for try await line in provider.lines(.feed, options: StreamOptions(idleTimeout: 5)) { lines.append(line) }
            return lines
        }
        await gate.firstWaitBegan()
        // Six idle limits pass before the head, within the call's 60 s deadline.
        await clock.advance(by: .seconds(30))
        gate.release()
        #expect(try await reading.value == ["a", "b"])
    }

    @Test("after the head, silence of the idle limit ends the stream with a timeout, after what came")
    func silentBody() async throws {
        let clock = ManualClock()
        let transport = GatedStreamTransport(gated: false, lines: ["a"], finishes: false)
        let provider = provider(transport, on: clock)
        var lines = provider.lines(.feed, options: StreamOptions(idleTimeout: 5)).makeAsyncIterator()
        #expect(try await lines.next() == "a")
        let rest = Task { try await lines.next() }
        _ = await clock.nextDeadline(sleepsOnly: true)
        await clock.advance(by: .seconds(5))
        await #expect { try await rest.value } throws: { ($0 as? CourierError)?.isTimeout == true }
    }

    @Test("a stream outlives its call's deadline, which only its head must meet")
    func outlivesTheDeadline() async throws {
        let clock = ManualClock()
        let transport = GatedStreamTransport(gated: false, lines: ["a"], finishes: false)
        var options = ProviderOptions(timeout: 5)
        options.clock = .manual(clock)
        let provider = Provider<FeedAPI>(transport: transport, options: options)
        var lines = provider.lines(.feed, options: StreamOptions(idleTimeout: 60)).makeAsyncIterator()
        #expect(try await lines.next() == "a")
        // Far past the 5 s deadline, within the 60 s idle limit: the stream is still open.
        await clock.advance(by: .seconds(30))
        let body = try #require(transport.lastBody)
        body.yield(Data("b\n".utf8))
        body.finish()
        #expect(try await lines.next() == "b")
        #expect(try await lines.next() == nil)
    }
}
