import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server in memory for recorder tests: it answers like httpbin and an auth backend, and
/// counts the calls it gets so a test can tell that a replay never reached it.
final class FakeServer: Transport {
    static let accessToken = "tok-9f8e7d6c5b4a"
    static let sessionCookie = "sess-1234567890"

    private let meCalls = LockedState(0)
    private let calls = LockedState(0)

    /// How many requests reached the server.
    var callCount: Int { calls.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        calls.withLock { $0 += 1 }
        let sent = SentRequest(request)
        switch (sent.method, sent.path) {
        case ("GET", "/get"):
            let echo: [String: AnyEncodable] = [
                "args": AnyEncodable(sent.query), "headers": AnyEncodable(sent.headers),
                "url": AnyEncodable(sent.url?.absoluteString ?? ""),
            ]
            return try reply(
                request, json: echo, headers: ["X-Trace": "trace-1", "Date": "Mon, 01 Jan 2024 00:00:00 GMT"])
        case ("POST", "/auth/login"):
            let body = #"{"code":0,"msg":"ok","data":{"accessToken":"\#(Self.accessToken)","expiresIn":3600}}"#
            return try reply(
                request, status: 200, body: Data(body.utf8),
                headers: [
                    "Content-Type": "application/json",
                    "Set-Cookie": "session=\(Self.sessionCookie); Path=/; HttpOnly",
                ])
        case ("GET", "/auth/me"):
            let call = meCalls.withLock { count -> Int in
                count += 1
                return count
            }
            if call == 1 {
                return try reply(request, status: 401, body: Data(#"{"code":401,"msg":"token expired"}"#.utf8))
            }
            return try reply(request, status: 200, body: Data(#"{"code":0,"msg":"ok","data":{"user":"ada"}}"#.utf8))
        case ("GET", "/text"):
            return try reply(
                request, status: 200, body: Data("hello, recorder\n".utf8), headers: ["Content-Type": "text/plain"])
        case ("GET", "/bytes"):
            return try reply(
                request, status: 200, body: Data([0xFF, 0x00, 0xFE, 0x80, 0x81]),
                headers: ["Content-Type": "application/octet-stream"])
        case ("GET", "/cached"):
            return try reply(
                request, status: 200, body: Data("fresh for a minute\n".utf8),
                headers: ["Content-Type": "text/plain", "Cache-Control": "max-age=60"])
        case ("GET", "/timeout"):
            throw URLError(.timedOut)
        case ("POST", "/echo"):
            return try reply(
                request, status: 201, body: sent.body ?? Data(), headers: ["Content-Type": "application/json"])
        default:
            return try reply(request, status: 404, body: Data("no route \(sent.path)".utf8))
        }
    }

    private func reply(
        _ request: TransportRequest, json: [String: AnyEncodable], headers: [String: String] = [:]
    ) throws -> TransportResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        var headers = headers
        headers["Content-Type"] = "application/json"
        return try reply(request, status: 200, body: try encoder.encode(json), headers: headers)
    }

    private func reply(
        _ request: TransportRequest, status: Int, body: Data, headers: [String: String] = [:]
    ) throws -> TransportResponse {
        var headers = headers
        headers["Content-Length"] = String(body.count)
        let url = try #require(request.urlRequest.url)
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
        return TransportResponse(response: response, data: body)
    }
}

/// Any encodable value, for the echo's mixed dictionary.
struct AnyEncodable: Encodable, Sendable {
    private let encodeValue: @Sendable (any Encoder) throws -> Void

    init<Value: Encodable & Sendable>(_ value: Value) {
        encodeValue = { try value.encode(to: $0) }
    }

    func encode(to encoder: any Encoder) throws {
        try encodeValue(encoder)
    }
}

/// One call of the recorder tests, described field by field, against any base URL.
struct BinTarget: TargetType {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
}
