#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A resolver that answers every name with the same addresses.
    private struct FixedResolver: HostResolver {
        let answer: [SocketAddress]
        func addresses(host: String, port: Int) async throws -> [SocketAddress] { answer }
    }

    @Suite("Native transport: name resolution and connecting", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeConnectTests {
        private typealias Server = NativeTestServer

        private func get(_ url: URL, timeout: TimeInterval = 10, with transport: HTTP1Transport) async throws
            -> TransportResponse
        {
            var request = URLRequest(url: url)
            request.timeoutInterval = timeout
            return try await transport.send(TransportRequest(urlRequest: request))
        }

        @Test("an address that refuses, then one that answers (TEST-NET first, as a dead host)")
        func refusingFirstAddress() async throws {
            let server = try Server { _ in .send(Server.response(body: "reached")) }
            defer { server.stop() }
            let unreachable = try #require(SocketAddress.numeric(host: "192.0.2.1", port: server.port))
            let live = try #require(SocketAddress.numeric(host: "127.0.0.1", port: server.port))
            let transport = HTTP1Transport(
                options: .init(), eventLoops: .shared,
                resolver: FixedResolver(answer: [unreachable, live]))
            // When the second address starts (after the 250 ms head start, not after the first
            // one's timeout) is tested on virtual time (VirtualTimeTransportTests); here, that the
            // answer comes from the second.
            let url = try #require(URL(string: "http://courier.test:\(server.port)/"))
            let response = try await get(url, timeout: 60, with: transport)
            #expect(String(decoding: response.data, as: UTF8.self) == "reached")
        }

        @Test("numeric hosts are parsed without a lookup, IPv6 in brackets too")
        func numericHosts() throws {
            let v4 = try #require(SocketAddress.numeric(host: "127.0.0.1", port: 80))
            #expect(v4.family == AF_INET)
            let v6 = try #require(SocketAddress.numeric(host: "[::1]", port: 80))
            #expect(v6.family == AF_INET6)
            #expect(SocketAddress.numeric(host: "::1", port: 80)?.family == AF_INET6)
            #expect(SocketAddress.numeric(host: "localhost", port: 80) == nil)
            #expect(SocketAddress.numeric(host: "127.0.0.1", port: 70_000) == nil)
        }

        @Test("the system resolver answers a name from /etc/hosts, off the caller's thread")
        func systemResolver() async throws {
            let addresses = try await SystemHostResolver().addresses(host: "localhost", port: 80)
            #expect(!addresses.isEmpty)
        }

        @Test("a cancelled lookup returns at once with CancellationError; its answer is dropped")
        func cancelledLookup() async throws {
            let lookup = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await SystemHostResolver().addresses(host: "localhost", port: 80)
            }
            await #expect(throws: CancellationError.self) { try await lookup.value }
        }
    }
#endif
