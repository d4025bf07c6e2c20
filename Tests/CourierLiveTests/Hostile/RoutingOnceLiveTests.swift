import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RoutingTransport` sends a request through one transport only: a server that answers an
/// idempotent call with a compressed body sees that call once, decoded or not.
@Suite("Hostile server: routing sends once", .requiresHostileServer)
struct RoutingOnceLiveTests {
    @Test(
        "a compressed answer to a DELETE, a GET or a PUT is decoded natively, and the server counted one call",
        arguments: [HTTPMethod.delete, .get, .put])
    func countedOnce(method: HTTPMethod) async throws {
        let name = "routing-\(method.rawValue)-\(UUID().uuidString.prefix(8))"
        let provider = Provider<HostileTarget>(transport: RoutingTransport())
        let response = try await provider.request(try HostileTarget("gzip-unasked/\(name)", method: method))
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"compressed":true}"#)
        #expect(try await provider.text(try HostileTarget("count/\(name)")) == "1")
    }

    @Test("with decoding off, an answer compressed unasked is returned as it came, and counted once")
    func undecodedCountedOnce() async throws {
        let name = "routing-raw-\(UUID().uuidString.prefix(8))"
        let provider = Provider<HostileTarget>(
            transport: RoutingTransport(nativeOptions: .init(decodesContent: false)))
        let response = try await provider.request(try HostileTarget("gzip-unasked/\(name)"))
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(response.data.prefix(2) == Data([0x1F, 0x8B]))
        #expect(try await provider.text(try HostileTarget("count/\(name)")) == "1")
    }
}
