import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("CourierError")
struct CourierErrorTests {
    private static let response = Response(
        statusCode: 418, data: Data(#"{"msg":"I am a teapot"}"#.utf8),
        request: URLRequest(url: URL(string: "https://api.example.com/tea")!))

    private static let withResponse: [CourierError] = [
        .jsonMapping(response),
        .stringMapping(response),
        .objectMapping(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad")), response),
        .statusCode(response),
        .underlying(URLError(.networkConnectionLost), response),
        .business(code: "1001", message: "库存不足", response: response),
        .payloadMissing(response),
        .sessionExpired(response),
    ]

    private static let withoutResponse: [CourierError] = [
        .encodableMapping(MarkerError()),
        .underlying(URLError(.cannotConnectToHost), nil),
        .requestMapping("not a url"),
        .parameterEncoding(MarkerError()),
        .cancelled,
    ]

    @Test("every case has a readable description", arguments: withResponse + withoutResponse)
    func descriptions(error: CourierError) throws {
        let description = try #require(error.errorDescription)
        #expect(description.count > 10)
        #expect(error.localizedDescription == description)
        #expect(error.description == description)
    }

    @Test("cases about a response expose it", arguments: withResponse)
    func exposesResponse(error: CourierError) {
        #expect(error.response === Self.response)
    }

    @Test("cases without a response expose none", arguments: withoutResponse)
    func noResponse(error: CourierError) {
        #expect(error.response == nil)
    }

    @Test("descriptions say what went wrong")
    func descriptionContents() {
        #expect(CourierError.statusCode(Self.response).errorDescription?.contains("418") == true)
        #expect(CourierError.statusCode(Self.response).errorDescription?.contains("I am a teapot") == true)
        #expect(CourierError.requestMapping("not a url").errorDescription?.contains("not a url") == true)
        let business = CourierError.business(code: "1001", message: "库存不足", response: Self.response)
        #expect(business.errorDescription?.contains("1001") == true)
        #expect(business.errorDescription?.contains("库存不足") == true)
        #expect(CourierError.cancelled.errorDescription?.localizedCaseInsensitiveContains("cancel") == true)
    }

    @Test("a binary body is summarised, not dumped")
    func binaryBody() {
        let binary = Response(statusCode: 500, data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]))
        let description = CourierError.statusCode(binary).errorDescription ?? ""
        #expect(description.contains("6 bytes"))
    }

    @Test("a long body is cut short in a description")
    func longBody() {
        let long = Response(statusCode: 500, data: Data(String(repeating: "x", count: 10_000).utf8))
        let description = CourierError.statusCode(long).errorDescription ?? ""
        #expect(description.count < 400)
        #expect(description.contains("10000 bytes"))
    }

    @Test("isCancelled: CancellationError and URLError.cancelled, nothing else")
    func isCancelled() {
        #expect(CourierError.cancelled.isCancelled)
        #expect(CourierError.underlying(CancellationError(), nil).isCancelled)
        #expect(CourierError.underlying(URLError(.cancelled), nil).isCancelled)
        #expect(!CourierError.underlying(URLError(.timedOut), nil).isCancelled)
        #expect(!CourierError.statusCode(Self.response).isCancelled)
        #expect(CourierError.cancelled.underlyingError is CancellationError)
        #expect(CourierError.cancelled.response == nil)
    }

    @Test("isTimeout: URLError.timedOut only")
    func isTimeout() {
        #expect(CourierError.underlying(URLError(.timedOut), nil).isTimeout)
        #expect(!CourierError.underlying(URLError(.cannotConnectToHost), nil).isTimeout)
        #expect(!CourierError.cancelled.isTimeout)
    }

    @Test("underlyingError is the cause, when there is one")
    func underlyingError() {
        #expect(
            CourierError.encodableMapping(MarkerError(name: "e")).underlyingError as? MarkerError
                == MarkerError(name: "e"))
        #expect(
            CourierError.parameterEncoding(MarkerError(name: "p")).underlyingError as? MarkerError
                == MarkerError(name: "p"))
        #expect(CourierError.statusCode(Self.response).underlyingError == nil)
        #expect(CourierError.requestMapping("x").underlyingError == nil)
    }

    @Test("a plugin's error in prepare is .underlying(error, nil)")
    func pluginError() async throws {
        struct Refuse: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                throw MarkerError(name: "no token")
            }
        }
        let provider = Provider<CoreTestTarget>(transport: UnreachableTransport(), plugins: [Refuse()])
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying(_, nil), got \(error)")
            return
        }
        #expect(underlying as? MarkerError == MarkerError(name: "no token"))
    }

    @Test("a transport failure is .underlying(error, nil), its error untouched")
    func transportFailure() async throws {
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport { _ in throw URLError(.networkConnectionLost) })
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        #expect(error.testCaseName == "underlying")
        #expect((error.underlyingError as? URLError)?.code == .networkConnectionLost)
        #expect(error.response == nil)
    }

    @Test("a transport that reports URLError.cancelled ends the call with the one cancelled error")
    func transportCancelled() async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport { _ in throw URLError(.cancelled) })
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
    }
}
