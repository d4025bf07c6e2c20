import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One redirect limit for both transports (`RedirectPolicy.maximumRedirects`, 16), counted over
/// every redirect status by the provider's chain, through the live suite's transport
/// (``TestTransport``), and configurable the same way on both (drift (f) of issue 33: the
/// URLSession transport's limit was fixed at 16, the native one an option).
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

    @Test("the limit is the transport's option, on either transport: 3 redirects pass, a 4th fails")
    func configuredLimit() async throws {
        var options = URLSessionTransport.Options()
        options.maximumRedirects = 3
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(options))
        let within = try await provider.request(try CoreBinTarget.bin("/redirect/3"))
        #expect(within.statusCode == 200)
        await #expect {
            _ = try await provider.request(try CoreBinTarget.bin("/redirect/4"))
        } throws: { error in
            guard case .underlying(let underlying, _) = error as? CourierError else { return false }
            return (underlying as? URLError)?.code == .httpTooManyRedirects
        }
    }

    @Test("with redirects off, the provider answers with the 3xx on either transport")
    func notFollowed() async throws {
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(.init(followsRedirects: false)))
        let response = try await provider.request(try CoreBinTarget.bin("/redirect/1"))
        #expect(response.statusCode == 302)
    }
}
