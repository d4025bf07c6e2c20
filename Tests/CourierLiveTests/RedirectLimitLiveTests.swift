import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One redirect limit for both transports (`RedirectPolicy.maximumRedirects`, 16), counted over
/// every redirect status, through the live suite's transport (``TestTransport``).
@Suite("Redirect limit (httpbin)", .requiresHttpbin)
struct RedirectLimitLiveTests {
    private let transport = TestTransport.make()

    private func get(_ path: String) async throws -> TransportResponse {
        let url = try LiveServers.url(for: .httpbin).appendingPathComponent(path)
        return try await CallChain(transport: transport).send(TransportRequest(urlRequest: URLRequest(url: url)))
    }

    @Test("16 redirects (302s) are followed to the end")
    func atTheLimit() async throws {
        let response = try await get("redirect/16")
        #expect(response.statusCode == 200)
        #expect(response.response.url?.path == "/get")
    }

    @Test("a 17th redirect fails with httpTooManyRedirects")
    func beyondTheLimit() async throws {
        await #expect {
            _ = try await get("redirect/17")
        } throws: { error in
            (error as? URLError)?.code == .httpTooManyRedirects
        }
    }
}
