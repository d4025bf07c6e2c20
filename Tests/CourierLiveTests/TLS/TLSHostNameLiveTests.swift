#if os(Linux)
    import Courier
    import Foundation
    import Testing

    @testable import CourierHTTP1

    /// One spelling of a host for pins and pooled connections: `LOCALHOST.` is `localhost`
    /// (`HostName.normalized`). The transports here resolve every name to `127.0.0.1`, since
    /// the system's resolver may not know `localhost.` (glibc's hosts file does not).
    @Suite(
        "TLS host names: a trailing dot and case are the same host", .requiresTLSServers(.tlsValid),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSHostNameLiveTests {
        /// A well-formed pin that no key of the test CA has.
        private static let wrongPin = Data(repeating: 0x5A, count: 32).base64EncodedString()

        /// Every name is the loopback address.
        private struct LoopbackResolver: HostResolver {
            func addresses(host: String, port: Int) async throws -> [SocketAddress] {
                [try #require(SocketAddress.numeric(host: "127.0.0.1", port: port))]
            }
        }

        private func transport(pins: [String: Set<String>] = [:]) throws -> HTTP1Transport {
            HTTP1Transport(
                options: try TLSLive.options(pins: pins), eventLoops: .shared,
                resolver: LoopbackResolver())
        }

        @Test("a pin for localhost holds for https://LocalHost.:PORT/: publicKeyPinMismatch")
        func trailingDotIsPinned() async throws {
            let transport = try transport(pins: ["localhost": [Self.wrongPin]])
            let url = try TLSLive.url(.tlsValid, "/json", host: "LocalHost.")
            #expect(await TLSLive.tlsError(of: url, over: transport) == .publicKeyPinMismatch(host: "localhost"))
        }

        @Test("a pin written as LocalHost. holds for https://localhost:PORT/: publicKeyPinMismatch")
        func pinKeyIsNormalized() async throws {
            let transport = try transport(pins: ["LocalHost.": [Self.wrongPin]])
            let url = try TLSLive.url(.tlsValid, "/json")
            #expect(await TLSLive.tlsError(of: url, over: transport) == .publicKeyPinMismatch(host: "localhost"))
        }

        @Test("the right pin by either spelling: 200, and both spellings share one pooled connection")
        func spellingsShareOneConnection() async throws {
            let transport = try transport(pins: ["localhost": [try TLSLive.environment("COURIER_TLS_VALID_PIN")]])
            let plain = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport))
            let dotted = try TLSLive.url(.tlsValid, "/json", host: "LOCALHOST.")
            let echo = try TLSLive.echo(try await TLSLive.get(dotted, over: transport))
            #expect(echo.connection == plain.connection)
            #expect(echo.request == plain.request + 1)
        }
    }
#endif
