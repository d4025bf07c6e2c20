import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which requests get a `Content-Type` the app did not set, through the live suite's transport
/// (``TestTransport``): both routes must send the same (httpbin's `/anything` echoes the headers).
@Suite("Content-Type a transport adds (httpbin)", .requiresHttpbin)
struct ContentTypeParityLiveTests {
    private let transport = TestTransport.make()

    /// The `Content-Type` httpbin received for `method` with a 3-byte body sent as `kind`.
    private func receivedContentType(method: String, kind: TransportRequest.Kind, inBody: Bool) async throws
        -> String?
    {
        var request = URLRequest(url: try LiveServers.url(for: .httpbin).appendingPathComponent("anything"))
        request.httpMethod = method
        if inBody { request.httpBody = Data("a=b".utf8) }
        let response = try await transport.send(TransportRequest(urlRequest: request, kind: kind))
        #expect(response.statusCode == 200)
        let echo = try JSONSerialization.jsonObject(with: response.data) as? [String: Any]
        let headers = echo?["headers"] as? [String: Any]
        let form = echo?["form"] as? [String: Any]
        #expect(echo?["data"] as? String == "a=b" || form?["a"] as? String == "b", "the body arrived")
        return headers?["Content-Type"] as? String
    }

    @Test("a PUT or PATCH body without a Content-Type is sent without one", arguments: ["PUT", "PATCH"])
    func putWithoutType(method: String) async throws {
        #expect(try await receivedContentType(method: method, kind: .data, inBody: true) == nil)
    }

    @Test("an upload without a Content-Type is sent without one", arguments: ["PUT", "POST"])
    func uploadWithoutType(method: String) async throws {
        let type = try await receivedContentType(method: method, kind: .upload(.data(Data("a=b".utf8))), inBody: false)
        #expect(type == nil)
    }

    @Test("a POST body without a Content-Type is sent as a form, as URLSession sends it")
    func postWithoutType() async throws {
        let type = try await receivedContentType(method: "POST", kind: .data, inBody: true)
        #expect(type == "application/x-www-form-urlencoded")
    }
}
