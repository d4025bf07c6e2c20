import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RoutingTransport` sends a request through one transport only: a server that answers an
/// idempotent call with a body compressed unasked sees that call once.
@Suite("Hostile server: routing sends once", .requiresHostileServer)
struct RoutingOnceLiveTests {
    @Test(
        "a compressed answer to a DELETE or a GET is returned, and the server counted one call",
        arguments: [HTTPMethod.delete, .get, .put])
    func countedOnce(method: HTTPMethod) async throws {
        let name = "routing-\(method.rawValue)-\(UUID().uuidString.prefix(8))"
        let provider = Provider<HostileTarget>(transport: RoutingTransport())
        let response = try await provider.request(try HostileTarget("gzip-unasked/\(name)", method: method))
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(response.data.prefix(2) == Data([0x1F, 0x8B]))
        #expect(try await provider.text(try HostileTarget("count/\(name)")) == "1")
    }
}
