import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A feed's API as an app declares it, its mutations queued in an outbox.
enum FeedAPI: TargetType, Codable {
    case feed
    case like(postID: Int)

    var baseURL: URL { URL(string: "https://feed.example.com")! }
    var path: String {
        switch self {
        case .feed: "/feed"
        case .like(let postID): "/posts/\(postID)/like"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .feed: .get
        case .like: .post
        }
    }
    var task: RequestTask { .requestPlain }
    var sampleData: Data { Data(#"["sample post"]"#.utf8) }
}

/// `NetworkSwitch`: the network taken away and given back, for an app's offline tests.
@Suite("Network switch", .timeLimit(.minutes(1)))
struct NetworkSwitchTests {
    @Test func whileDownNothingReachesTheStubs() async throws {
        let network = NetworkSwitch(isDown: true)
        let stubs = StubTransport()
        stubs.when(FeedAPI.feed).respond(json: #"["post"]"#)
        let api = Provider<FeedAPI>(transport: network.transport(stubs))

        let error = await #expect(throws: CourierError.self) { try await api.request(.feed) }
        #expect((error?.underlyingError as? URLError)?.code == .notConnectedToInternet)
        #expect(stubs.sentRequests.isEmpty)

        network.isDown = false
        #expect(try await api.request(.feed, as: [String].self) == ["post"])
    }

    /// Behind the switch, a `StubTransport` is still one: the provider does not stub in front of it.
    @Test func theSwitchedStubsAreStillTestStubs() async {
        let switched = NetworkSwitch().transport(StubTransport())
        let api = Provider<FeedAPI>(stubClosure: Provider.immediatelyStub, transport: switched)
        await #expect(throws: CourierError.self) { try await api.request(.feed) }
    }

    @Test func stubModeAnswersFromTheSamplesWhileUp() async throws {
        let network = NetworkSwitch()
        let api = Provider<FeedAPI>(endpointClosure: network.endpointClosure(), stubClosure: Provider.immediatelyStub)
        #expect(try await api.request(.feed, as: [String].self) == ["sample post"])

        network.isDown = true
        let error = await #expect(throws: CourierError.self) { try await api.request(.feed) }
        #expect((error?.underlyingError as? URLError)?.code == .notConnectedToInternet)
    }

    /// The app's offline story end to end: stored value offline, a like kept while the network is
    /// gone, sent when it comes back.
    @Test func anOfflineLikeIsSentWhenTheNetworkComesBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let network = NetworkSwitch()
        let stubs = StubTransport()
        stubs.when(FeedAPI.feed).respond(json: #"["post"]"#)
        stubs.when(FeedAPI.like(postID: 7)).respond(status: 201)
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let api = Provider<FeedAPI>(transport: network.transport(stubs), options: options)
        let outbox = Outbox(provider: api, directory: folder)
        var outcomes = outbox.outcomes.makeAsyncIterator()

        network.isDown = true
        try await outbox.enqueue(.like(postID: 7))
        #expect(stubs.requests(to: FeedAPI.like(postID: 7)).isEmpty)
        network.isDown = false
        outbox.sendNow()

        guard case .sent(let entry, _) = await outcomes.next() else { return #expect(Bool(false), "not sent") }
        #expect(entry.target == .like(postID: 7))
        let sent = stubs.requests(to: FeedAPI.like(postID: 7))
        #expect(sent.count == 1 && sent[0].headers["Idempotency-Key"] == "\"\(entry.idempotencyKey)\"")
    }
}

extension FeedAPI: Equatable {}
