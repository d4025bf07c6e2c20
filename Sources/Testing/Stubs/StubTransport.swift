import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A <doc:/Courier/Transport> that answers from stubs a test registers, and remembers every request it
/// was sent.
///
/// Calls go through the provider's whole pipeline — endpoint and request closures, plugins,
/// validation, envelope decoding, retries — and only the network is replaced. Each test
/// creates its own `StubTransport` and hands it to the provider it tests, so stubs are plain
/// values owned by that test: tests running in parallel never see each other's stubs.
///
/// ```swift
/// @Test func showsTheFirstPage() async throws {
///     let stubs = StubTransport()
///     stubs.when(MallAPI.goods(firstPage)).respond(.fixture(try Fixture.named("goods_page1", in: .module)))
///     let model = GoodsListModel(provider: Provider(transport: stubs, envelope: JSONEnvelope()))
///
///     await model.load()
///
///     #expect(model.titles.first == "Rice cooker")
///     #expect(stubs.sentRequests.map(\.path) == ["/mallProductsInfo/getProductList"])
/// }
/// ```
///
/// - Leave the provider's `stubClosure` at its default (`neverStub`): a call the provider stubs
///   from the target's `sampleData` would never reach this transport, so instead it fails with
///   `CourierError.requestMapping`, whose message says so. Use ``StubAnswer/delayed(by:)`` for a
///   delay and ``StubAnswer/sampleData(of:status:headers:)`` to answer with the sample.
/// - Every response reports a few growing progress steps before it is returned (the upload's
///   body for an upload, the response body otherwise), so progress UI can be tested offline.
/// - A request is answered by the **newest** stub that matches it, so a test can override a
///   stub that a shared helper registered.
/// - A stub with several answers gives them to successive matching calls, then repeats the
///   last: `respond(.status(401), .json(profile))` answers 401 once, then 200 forever.
/// - A request that no stub matches goes to the `fallback` transport when there is one (such
///   as a ``ReplayTransport``), and otherwise fails with ``StubTransportError/noStub(request:registeredStubs:)``,
///   which names the request and the stubs that exist.
public final class StubTransport: Transport {
    private struct Rule: Sendable {
        let id: Int
        let matcher: RequestMatcher
        let answers: [StubAnswer]
        var served = 0
    }

    private struct State: Sendable {
        var rules: [Rule] = []
        var nextID = 0
        var sent: [SentRequest] = []
    }

    private let state = LockedState(State())
    private let fallback: (any Transport)?

    /// Creates a transport with no stubs.
    ///
    /// - Parameter fallback: answers requests that no stub matches; `nil` (the default) makes
    ///   them fail with ``StubTransportError/noStub(request:registeredStubs:)``. Pass a
    ///   ``ReplayTransport`` to override a few calls of a recorded session.
    public init(fallback: (any Transport)? = nil) {
        self.fallback = fallback
    }

    /// Starts a stub for the requests `matcher` matches; finish it with `respond` or `fail`.
    ///
    /// ```swift
    /// stubs.when(.path("/ping")).respond(status: 204)
    /// ```
    public func when(_ matcher: RequestMatcher) -> PendingStub {
        PendingStub(transport: self, matcher: matcher)
    }

    /// Starts a stub for the requests of `target` (see ``RequestMatcher/target(_:)`` for what
    /// matches); finish it with `respond` or `fail`.
    ///
    /// ```swift
    /// stubs.when(MallAPI.product(id: 7)).respond(.json(product))
    /// ```
    public func when<T: TargetType>(_ target: T) -> PendingStub {
        when(.target(target))
    }

    /// Starts a stub for the requests `predicate` accepts; finish it with `respond` or `fail`.
    ///
    /// ```swift
    /// stubs.when { $0.path.hasPrefix("/images/") }.respond(status: 404)
    /// ```
    ///
    /// - Parameters:
    ///   - description: names the stub in error messages; `"a predicate"` by default.
    ///   - predicate: whether a sent request is one this stub answers.
    public func when(
        _ description: String = "a predicate", _ predicate: @escaping @Sendable (_ request: SentRequest) -> Bool
    ) -> PendingStub {
        when(RequestMatcher(description, matching: predicate))
    }

    /// Removes every stub; the requests sent so far are kept.
    public func removeAllStubs() {
        state.withLock { $0.rules.removeAll() }
    }

    /// Every request this transport was sent, in the order they arrived, matched or not.
    public var sentRequests: [SentRequest] {
        state.withLock { $0.sent }
    }

    /// The requests `matcher` matches, in the order they arrived.
    public func requests(matching matcher: RequestMatcher) -> [SentRequest] {
        sentRequests.filter(matcher.matches)
    }

    /// The requests sent for `target` (as ``RequestMatcher/target(_:)`` matches them), in order.
    ///
    /// ```swift
    /// #expect(stubs.requests(to: MallAPI.product(id: 7)).count == 1)
    /// ```
    public func requests<T: TargetType>(to target: T) -> [SentRequest] {
        requests(matching: .target(target))
    }

    /// Records `request`, then answers it from the newest matching stub, the fallback, or
    /// with ``StubTransportError/noStub(request:registeredStubs:)``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        switch try answer(for: request) {
        case .stub(let answer): return try await answer.answer(request)
        case .fallback(let fallback):
            return try await ContentDecodingLink.send(
                request, over: fallback, rule: Self.decodingRule(of: fallback, for: request))
        }
    }

    /// The fallback's content-decoding rule, applied here: a stub transport states none to the
    /// chain (its stubs' bodies are never encoded), so what the fallback hands over as the server
    /// sent it is decoded before it goes up, as it would be without the stub transport.
    static func decodingRule(of fallback: any Transport, for request: TransportRequest) -> ContentDecodingRule? {
        (fallback as? any HopSettingsTransport)?.contentDecoding(for: request)
    }

    /// Who answers a request: a stub, or the fallback transport.
    enum Answerer {
        case stub(StubAnswer)
        case fallback(any Transport)
    }

    /// Records `request` and returns the answer of the newest matching stub, or else the fallback.
    func answer(for request: TransportRequest) throws -> Answerer {
        let sent = SentRequest(request)
        let rules = state.withLock { state in
            state.sent.append(sent)
            return state.rules
        }
        // Matchers run outside the lock: a predicate may read this transport's log.
        guard let rule = rules.last(where: { $0.matcher.matches(sent) }) else {
            if let fallback { return .fallback(fallback) }
            throw StubTransportError.noStub(
                request: sent.description, registeredStubs: rules.reversed().map(\.matcher.description))
        }
        return .stub(nextAnswer(of: rule))
    }

    fileprivate func register(_ matcher: RequestMatcher, answers: [StubAnswer]) {
        state.withLock { state in
            state.rules.append(Rule(id: state.nextID, matcher: matcher, answers: answers))
            state.nextID += 1
        }
    }

    /// The answer of `rule` for this call, counting it; the last answer repeats.
    private func nextAnswer(of rule: Rule) -> StubAnswer {
        state.withLock { state in
            let last = rule.answers.count - 1
            guard let index = state.rules.firstIndex(where: { $0.id == rule.id }) else { return rule.answers[last] }
            let position = min(state.rules[index].served, last)
            state.rules[index].served += 1
            return rule.answers[position]
        }
    }
}

/// A stub being registered on a ``StubTransport``: what it matches is known, what it answers
/// is given by one of its methods. Nothing is registered until one of them is called.
public struct PendingStub: Sendable {
    fileprivate let transport: StubTransport
    fileprivate let matcher: RequestMatcher

    /// Answers matching calls with `first`, then the following answers in order, one per call;
    /// the last answer repeats.
    ///
    /// ```swift
    /// stubs.when(ShopAPI.profile).respond(.status(401), .json(profile))   // a 401, then 200s
    /// ```
    public func respond(_ first: StubAnswer, _ then: StubAnswer...) {
        transport.register(matcher, answers: [first] + then)
    }

    /// Answers matching calls with `status` (`200` by default), `headers` (none by default)
    /// and `body` (empty by default).
    public func respond(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        respond(.status(status, headers: headers, body: body))
    }

    /// Answers matching calls with the JSON text `json`, sent as is; `status` `200` and
    /// `Content-Type: application/json` by default.
    public func respond(status: Int = 200, headers: [String: String] = [:], json: String) {
        respond(.json(json, status: status, headers: headers))
    }

    /// Makes matching calls fail with `error`, as a transport failure
    /// (`CourierError.underlying(error, nil)` for the caller).
    ///
    /// ```swift
    /// stubs.when(MallAPI.goods(firstPage)).fail(with: URLError(.notConnectedToInternet))
    /// ```
    public func fail(with error: any Error) {
        respond(.failure(error))
    }
}

/// A provider does not stub a call from `sampleData` in front of a `StubTransport`: it fails the
/// call and says why.
extension StubTransport: StubAnsweringTransport {}
