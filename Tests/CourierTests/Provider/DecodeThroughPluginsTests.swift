import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `request(_:as:)` decodes the response the call ends with: the transport's, or the one a
/// plugin's `process` put in its place; and it decodes each response once.
@Suite("Decoding through the plugins' process", .serialized)
struct DecodeThroughPluginsTests {
    private struct Item: Decodable, Sendable, Equatable {
        let id: Int

        init(from decoder: any Decoder) throws {
            // Counted before anything can throw: a decode that fails counts too.
            DecodeThroughPluginsTests.decodes.withLock { $0 += 1 }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
        }

        private enum CodingKeys: String, CodingKey { case id }
    }

    /// How many `Item`s were decoded (the suite is serialized, so one test's count is its own).
    fileprivate static let decodes = LockedState(0)

    private struct Rewrite: PluginType {
        let body: @Sendable (Result<Response, CourierError>) -> Result<Response, CourierError>

        func process(_ result: Result<Response, CourierError>, target: any TargetType) async
            -> Result<Response, CourierError>
        {
            body(result)
        }
    }

    private static func provider(body: String, plugins: [any PluginType]) -> Provider<CoreTestTarget> {
        Provider<CoreTestTarget>(transport: ScriptedTransport(body: Data(body.utf8)), plugins: plugins)
    }

    @Test("a response left as it is, is decoded once")
    func decodedOnce() async throws {
        let before = Self.decodes.withLock { $0 }
        let passThrough = Rewrite { $0 }
        let item = try await Self.provider(body: #"{"id":1}"#, plugins: [passThrough])
            .request(CoreTestTarget(), as: Item.self)
        #expect(item.id == 1)
        #expect(Self.decodes.withLock { $0 } - before == 1)
    }

    @Test("a success a plugin puts in place of another is the one decoded")
    func replacedSuccess() async throws {
        let before = Self.decodes.withLock { $0 }
        let replace = Rewrite { result in
            guard case .success(let response) = result else { return result }
            return .success(Response(statusCode: 200, data: Data(#"{"id":2}"#.utf8), request: response.request))
        }
        let item = try await Self.provider(body: #"{"id":1}"#, plugins: [replace])
            .request(CoreTestTarget(), as: Item.self)
        #expect(item.id == 2)
        #expect(Self.decodes.withLock { $0 } - before == 2, "the transport's response, then the replacement")
    }

    @Test("a success a plugin turns into a failure fails the call")
    func successTurnedIntoFailure() async throws {
        let refuse = Rewrite { result in
            guard case .success(let response) = result else { return result }
            return .failure(.statusCode(response))
        }
        await #expect {
            _ = try await Self.provider(body: #"{"id":1}"#, plugins: [refuse]).request(CoreTestTarget(), as: Item.self)
        } throws: { error in
            if case CourierError.statusCode = error { return true }
            return false
        }
    }

    @Test("after a retry, the call returns the decoding of the last attempt's response")
    func retriedResponse() async throws {
        let before = Self.decodes.withLock { $0 }
        let bodies = LockedState([#"{"id":1}"#, #"{"id":2}"#])
        let transport = ScriptedTransport { request in
            let body = bodies.withLock { $0.isEmpty ? "{}" : $0.removeFirst() }
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data(body.utf8))
        }
        // The first answer is turned into a failure, which the plugin then retries once.
        let failFirst = FailFirstAndRetry()
        let item = try await Provider<CoreTestTarget>(transport: transport, plugins: [failFirst])
            .request(CoreTestTarget(), as: Item.self)
        #expect(item.id == 2)
        #expect(transport.requests.count == 2)
        #expect(Self.decodes.withLock { $0 } - before == 2, "one decode per attempt")
    }

    /// Fails the first attempt's success and asks for one retry.
    private final class FailFirstAndRetry: PluginType {
        private let failed = LockedState(false)

        func process(_ result: Result<Response, CourierError>, target: any TargetType) async
            -> Result<Response, CourierError>
        {
            guard case .success(let response) = result else { return result }
            let isFirst = failed.withLock { failed in
                defer { failed = true }
                return !failed
            }
            return isFirst ? .failure(.statusCode(response)) : result
        }

        func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
            -> RetryDecision
        {
            attempt == 1 ? .retry : .doNotRetry
        }
    }

    @Test("a body that does not decode fails, and a plugin can answer with one that does")
    func recoveredMappingFailure() async throws {
        let before = Self.decodes.withLock { $0 }
        let seen = LockedState<[Bool]>([])
        let recover = Rewrite { result in
            guard case .failure(let error) = result else { return result }
            var isMapping = false
            if case .objectMapping = error { isMapping = true }
            seen.withLock { $0.append(isMapping) }
            return .success(Response(statusCode: 200, data: Data(#"{"id":3}"#.utf8)))
        }
        let item = try await Self.provider(body: #"{"name":"no id"}"#, plugins: [recover])
            .request(CoreTestTarget(), as: Item.self)
        #expect(item.id == 3)
        #expect(seen.withLock { $0 } == [true])
        #expect(Self.decodes.withLock { $0 } - before == 2, "the failed decode, then the replacement")
    }

    @Test("a replacement that does not decode fails the call with the mapping error")
    func replacementThatDoesNotDecode() async throws {
        let replace = Rewrite { _ in .success(Response(statusCode: 200, data: Data("not json".utf8))) }
        await #expect {
            _ = try await Self.provider(body: #"{"id":1}"#, plugins: [replace]).request(CoreTestTarget(), as: Item.self)
        } throws: { error in
            if case CourierError.jsonMapping(let response) = error { return response.data == Data("not json".utf8) }
            return false
        }
    }

    @Test("request(_:) checks the envelope of a replacement too")
    func envelopeOfReplacement() async throws {
        let replace = Rewrite { _ in .success(Response(statusCode: 200, data: Data(#"{"code":7,"msg":"no"}"#.utf8))) }
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport(body: Data(#"{"code":0,"data":{}}"#.utf8)), plugins: [replace],
            envelope: JSONEnvelope())
        await #expect {
            _ = try await provider.request(CoreTestTarget())
        } throws: { error in
            if case CourierError.business(let code, let message, _) = error { return code == "7" && message == "no" }
            return false
        }
    }
}
