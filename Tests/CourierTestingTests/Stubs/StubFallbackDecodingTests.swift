import Foundation
import Testing

@testable import Courier
@testable import CourierTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub transport's fallback that hands bodies over as the server sent them (the native
/// transport's way) is decoded by the stub transport, as the chain would decode it without stubs.
@Suite("StubTransport: a fallback's encoded body is decoded", .enabled(if: ContentDecoder.isAvailable))
struct StubFallbackDecodingTests {
    /// `{"ok":true}` as gzip.
    private static let gzip = Data(base64Encoded: "H4sIAAAAAAACA6tWys9WsiopKk2tBQCQX9SnCwAAAA==")!

    /// Answers every request with the gzip body and its `Content-Encoding`, and asks the chain to
    /// decode; records what it was asked for.
    final class Encoding: HopSettingsTransport, StreamingTransport {
        let asked = LockedState<[String?]>([])
        var redirectRules: RedirectRules { .standard }
        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? { nil }
        func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
            ContentDecodingRule(maximumResponseSize: 1024, maximumDownloadSize: nil)
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            asked.withLock { $0.append(request.acceptEncoding) }
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            let fields = [HeaderField(name: "Content-Encoding", value: "gzip")]
            guard
                let answer = TransportResponse(
                    url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields,
                    data: StubFallbackDecodingTests.gzip)
            else { throw TransportError.notHTTP }
            return answer
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            body.deliverWhole(try await send(request))
        }
    }

    @Test("a data call and a stream that no stub answers come up decoded, having asked for gzip")
    func fallbackDecoded() async throws {
        let fallback = Encoding()
        let stubs = StubTransport(fallback: fallback)
        let request = TransportRequest(urlRequest: URLRequest(url: URL(string: "http://example.com/ok")!))
        let answer = try await CallChain(transport: stubs).send(request)
        #expect(answer.data == Data(#"{"ok":true}"#.utf8))
        #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == nil)
        let (head, body) = try await CallChain(transport: stubs).stream(request)
        #expect(try await body.next() == Data(#"{"ok":true}"#.utf8))
        #expect(head.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(fallback.asked.withLock { $0 } == ["gzip, deflate", "gzip, deflate"])
    }
}
