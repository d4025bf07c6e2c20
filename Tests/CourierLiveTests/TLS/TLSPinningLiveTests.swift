#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// Public-key pinning (``HTTP1Transport/TLSOptions/pinnedPublicKeys``): the pin of any
    /// certificate of the verified chain passes; any other fails before a byte of the request
    /// leaves, which `scripts/tls_server.py`'s control port proves.
    @Suite(
        "TLS pinning", .requiresTLSServers(.tlsValid, .tlsPinned, .tlsControl),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSPinningLiveTests {
        /// A well-formed pin that no key of the test CA has.
        private static let wrongPin = Data(repeating: 0x5A, count: 32).base64EncodedString()

        private func transport(pinning pins: Set<String>, for host: String = "localhost") throws -> HTTP1Transport {
            HTTP1Transport(options: try TLSLive.options(pins: [host: pins]))
        }

        @Test("the server certificate's pin (tls.sh computes it with openssl): 200")
        func leafPin() async throws {
            let pin = try TLSLive.environment("COURIER_TLS_VALID_PIN")
            let transport = try transport(pinning: [pin])
            let echo = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport))
            #expect(echo.case == "valid")
        }

        @Test("the CA's pin, another certificate of the verified chain, beside a wrong one: 200")
        func caPin() async throws {
            let pin = try TLSLive.environment("COURIER_TLS_CA_PIN")
            let transport = try transport(pinning: [Self.wrongPin, pin])
            let answer = try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport)
            #expect(answer.response.statusCode == 200)
        }

        @Test("pins for another host leave this one unpinned: 200")
        func otherHostUnpinned() async throws {
            let transport = try transport(pinning: [Self.wrongPin], for: "api.example.com")
            let answer = try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport)
            #expect(answer.response.statusCode == 200)
        }

        @Test("a wrong pin: publicKeyPinMismatch, and the server received no byte of the request")
        func wrongPin() async throws {
            let transport = try transport(pinning: [Self.wrongPin])
            let url = try TLSLive.url(.tlsPinned, "/json")
            let error = try #require(await TLSLive.tlsError(of: url, over: transport))
            #expect(error == .publicKeyPinMismatch(host: "localhost"))
            // Only this test calls the `pinned` case: every connection it ever had is this test's.
            let connections = try await TLSControl.closedConnections(of: "pinned")
            #expect(!connections.isEmpty)
            for connection in connections {
                #expect(connection.applicationBytesReceived == 0, "connection \(connection.id): \(connection)")
                #expect(connection.requests == 0)
            }
        }

        @Test("a wrong pin by IP address: publicKeyPinMismatch for that address")
        func wrongPinByAddress() async throws {
            let transport = try transport(pinning: [Self.wrongPin], for: "127.0.0.1")
            let url = try TLSLive.url(.tlsValid, "/json", host: "127.0.0.1")
            let error = try #require(await TLSLive.tlsError(of: url, over: transport))
            #expect(error == .publicKeyPinMismatch(host: "127.0.0.1"))
        }

        @Test("through a provider: CourierError.underlying(publicKeyPinMismatch, nil)")
        func throughProvider() async throws {
            let options = try TLSLive.options(pins: ["localhost": [Self.wrongPin]])
            let provider = Provider<TLSTarget>(transport: RoutingTransport(nativeOptions: options))
            let error = await TLSLive.tlsError(of: try TLSTarget(.tlsValid), through: provider)
            #expect(error == .publicKeyPinMismatch(host: "localhost"))
        }
    }
#endif
