import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct StreamingStubTests {
    private let sse = ["Content-Type": "text/event-stream"]

    @Test func eventsDecodeInOrderAndDidFinishComesAtTheEndWithTheCounts() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.comments(room: 7)).respond(
            .stream(
                [
                    .event(#"{"user":"ann","text":"hi"}"#, id: "1"), .text(": keep-alive\n"),
                    .event(#"{"user":"bob","text":"yo"}"#, id: "2"),
                ], headers: sse))
        let hooks = HookRecorder()
        let provider = Provider<LiveRoomAPI>(transport: stubs, plugins: [hooks])

        var comments: [Comment] = []
        for try await comment in provider.events(.comments(room: 7), as: Comment.self) {
            comments.append(comment)
            #expect(!hooks.log.withLock { $0.contains("didFinish") })
        }

        #expect(comments == [Comment(user: "ann", text: "hi"), Comment(user: "bob", text: "yo")])
        #expect(hooks.log.withLock { $0 } == ["willSend", "didReceive 200 0", "didFinish"])
        let (result, context) = try #require(hooks.finished.withLock { $0.first })
        #expect((try? result.get())?.statusCode == 200)
        #expect(context?.streamed?.elements == 2)
        #expect(context?.streamed?.bytes == 93)
    }

    @Test func aLargeChunkOfTinyEventsIsParsedInSlicesWithoutLosingOne() async throws {
        // One chunk of 20,000 events (about 300 KB): the reader parses it a slice at a time, and
        // events cut by a slice's edge come out whole.
        let text = (0..<20_000).map { "id: \($0)\ndata: e\($0)\n\n" }.joined()
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.comments(room: 3)).respond(.stream([.text(text)], headers: sse))
        let provider = Provider<LiveRoomAPI>(transport: stubs)
        var count = 0
        for try await event in provider.events(
            .comments(room: 3), options: StreamOptions(bufferLimit: 1 << 20))
        {
            #expect(event.data == "e\(count)" && event.id == "\(count)")
            count += 1
        }
        #expect(count == 20_000)
    }

    @Test func theFirstEventArrivesBeforeTheServerSentTheRest() async throws {
        let stubs = StubTransport()
        // The rest never comes: a buffered-then-split stream would never hand over the first.
        stubs.when(LiveRoomAPI.comments(room: 1)).respond(
            .stream([.event("first"), .pause(1e6), .event("never")], headers: sse))
        let hooks = HookRecorder()
        let provider = Provider<LiveRoomAPI>(transport: stubs, plugins: [hooks])

        for try await event in provider.events(.comments(room: 1)) {
            #expect(event.data == "first")
            break
        }

        // Leaving the loop cancelled the call.
        let (result, _) = try #require(hooks.finished.withLock { $0.first })
        guard case .failure(let error) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error.isCancelled)
    }

    @Test func aStreamDroppedMidBodyThrowsWithTheHeadAfterTheEventsBefore() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.orders).respond(
            .stream([.line(#"{"user":"a","text":"1"}"#), .failure(URLError(.networkConnectionLost))]))
        let provider = Provider<LiveRoomAPI>(transport: stubs)

        var received: [Comment] = []
        do {
            for try await comment in provider.lines(.orders, as: Comment.self) { received.append(comment) }
            Issue.record("the stream should have failed")
        } catch {
            guard case .underlying(let cause, let response) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect((cause as? URLError)?.code == .networkConnectionLost)
            #expect(response?.statusCode == 200)
        }
        #expect(received == [Comment(user: "a", text: "1")])
    }

    @Test func aSessionExpiredHeadIsRetriedBeforeTheFirstByte() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.comments(room: 2)).respond(
            .status(401, body: Data(#"{"msg":"expired"}"#.utf8)), .stream([.event("after refresh")], headers: sse))
        let hooks = HookRecorder(retriesExpiry: true)
        let provider = Provider<LiveRoomAPI>(transport: stubs, plugins: [hooks])

        var data: [String] = []
        for try await event in provider.events(.comments(room: 2)) { data.append(event.data) }

        #expect(data == ["after refresh"])
        #expect(stubs.sentRequests.count == 2)
        #expect(hooks.log.withLock { $0.filter { $0 == "didFinish" }.count } == 1)
    }

    @Test func anErrorStatusFailsWithItsPageAndAnUndeclaredValidationAcceptsOnly2xx() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.orders).respond(.stream([.text("server exploded")], status: 503))
        let provider = Provider<LiveRoomAPI>(transport: stubs)

        await #expect {
            for try await _ in provider.lines(.orders) {}
        } throws: { error in
            guard case .statusCode(let response) = error as? CourierError else { return false }
            return response.statusCode == 503 && response.data == Data("server exploded".utf8)
        }
    }

    @Test func aLineOverTheLimitFailsTyped() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.orders).respond(.stream([.text(String(repeating: "x", count: 100))]))
        let provider = Provider<LiveRoomAPI>(transport: stubs)

        await #expect {
            for try await _ in provider.lines(.orders, options: StreamOptions(maximumLineLength: 64)) {}
        } throws: { error in
            guard case .underlying(let cause, _) = error as? CourierError else { return false }
            return cause as? StreamError == .lineTooLong(limit: 64)
        }
    }

    @Test func sampleDataStreamsWhenTheProviderStubs() async throws {
        let provider = Provider<LiveRoomAPI>(stubClosure: Provider.immediatelyStub)
        var comments: [Comment] = []
        for try await comment in provider.events(.comments(room: 3), as: Comment.self) { comments.append(comment) }
        #expect(comments == [Comment(user: "ann", text: "hi")])
    }

    @Test func aNonStreamingCallGetsTheWholeStubbedBody() async throws {
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.orders).respond(.stream([.line("1"), .pause(0.01), .line("2")]))
        let response = try await Provider<LiveRoomAPI>(transport: stubs).request(.orders)
        #expect(response.data == Data("1\n2\n".utf8))
    }

    @Test func aTransportThatCannotStreamFailsTyped() async throws {
        struct Plain: Transport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                throw URLError(.badServerResponse)
            }
        }
        await #expect {
            for try await _ in Provider<LiveRoomAPI>(transport: Plain()).bytes(.orders) {}
        } throws: { error in
            guard case .underlying(let cause, nil) = error as? CourierError else { return false }
            return cause is StreamingUnsupportedError
        }
    }
}
