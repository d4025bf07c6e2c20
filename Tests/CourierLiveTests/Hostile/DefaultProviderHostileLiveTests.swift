import Courier
import Foundation
import Testing

/// A provider made with no transport (`Provider<T>()`, as most apps make theirs) survives what
/// kills FoundationNetworking, in the test process itself: on Linux its default sends `http://`
/// natively. Were the default still `URLSessionTransport`, the trailer case would abort the whole
/// suite (see ``TrailerLiveTests``).
@Suite("Hostile server: the default provider", .requiresHostileServer)
struct DefaultProviderHostileLiveTests {
    @Test("a chunked answer with a trailer field is read, and the trailer dropped")
    func trailer() async throws {
        let response = try await Provider<HostileTarget>().request(try HostileTarget("trailer"))
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.data, as: UTF8.self) == "hello")
    }

    @Test("a gzip bomb fails with a typed error naming the limit")
    func gzipBomb() async throws {
        let provider = Provider<HostileTarget>()
        await #expect {
            _ = try await provider.request(try HostileTarget("gzip-bomb", query: ["mb": 1024]))
        } throws: { error in
            guard let error = error as? CourierError, case .underlying = error else { return false }
            return "\(error)".contains("larger than the limit")
        }
    }

    @Test("a response nobody asked for is never taken as the next call's answer")
    func strayResponse() async throws {
        let provider = Provider<HostileTarget>()
        let first = try await provider.request(try HostileTarget("extra"))
        #expect(String(decoding: first.data, as: UTF8.self) == "first")
        for index in 0..<3 {
            let marker = "default-\(index)-\(UUID().uuidString.prefix(8))"
            let next = try await provider.request(try HostileTarget("canary", query: ["i": marker]))
            #expect(String(decoding: next.data, as: UTF8.self).contains(marker), "call \(index) got another's answer")
        }
    }

    #if os(Linux)
        @Test("on Linux the default transport routes http:// and https:// natively")
        func defaultRoutesNatively() throws {
            let transport = try #require(Provider<HostileTarget>().transport as? RoutingTransport)
            let plain = TransportRequest(urlRequest: URLRequest(url: try HostileTarget("health").baseURL))
            #expect(transport.route(for: plain) == .native)
        }
    #endif
}
