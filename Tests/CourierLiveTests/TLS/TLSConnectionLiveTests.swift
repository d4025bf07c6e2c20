#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// TLS connections are pooled as plain ones are, and a new connection to a host resumes the
    /// TLS session of an earlier one (`scripts/tls_server.py` reports both in its echo).
    @Suite("TLS connections", .requiresTLSServers(.tlsValid), .enabled(if: HTTP1Transport.isAvailable))
    struct TLSConnectionLiveTests {
        @Test("two calls in a row share one TLS connection")
        func reuse() async throws {
            let transport = HTTP1Transport(options: try TLSLive.options())
            let url = try TLSLive.url(.tlsValid, "/json")
            let first = try TLSLive.echo(try await TLSLive.get(url, over: transport))
            let second = try TLSLive.echo(try await TLSLive.get(url, over: transport))
            #expect(second.connection == first.connection)
            #expect(second.request == first.request + 1)
        }

        @Test("a new connection after the server closed one resumes its TLS session")
        func sessionResumption() async throws {
            let transport = HTTP1Transport(options: try Self.optionsOfItsOwn())
            // /close answers with Connection: close, then close_notify: the next call needs a new
            // connection, whose handshake can resume the session of this one.
            let closing = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsValid, "/close"), over: transport))
            let next = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport))
            #expect(next.connection != closing.connection)
            #expect(next.request == 1)
            #expect(next.sessionReused, "the second connection made a full handshake")
        }

        /// Options no other test uses, for a TLS context, and so a session store, of this test's
        /// own. Transports with equal options share one context (`SharedTLSContexts`), and OpenSSL
        /// lets a TLS 1.3 session be resumed once: a test running in parallel against the same port
        /// would resume, and so spend, the session kept for the host before this test's next
        /// connection offers it, which then makes a full handshake. A pin for a host never called
        /// changes nothing else.
        private static func optionsOfItsOwn() throws -> HTTP1Transport.Options {
            let unusedPin = Data(repeating: 0x5A, count: 32).base64EncodedString()
            return try TLSLive.options(pins: ["session-resumption.invalid": [unusedPin]])
        }

        @Test("64 calls at once: every answer 200, over at most maximumConnectionsPerHost connections")
        func concurrentCalls() async throws {
            let transport = HTTP1Transport(options: try TLSLive.options())
            let url = try TLSLive.url(.tlsValid, "/json")
            let connections = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<64 {
                    group.addTask { try TLSLive.echo(try await TLSLive.get(url, over: transport)).connection }
                }
                var connections: [Int] = []
                for try await connection in group { connections.append(connection) }
                return connections
            }
            #expect(connections.count == 64)
            #expect(Set(connections).count <= transport.options.maximumConnectionsPerHost)
        }
    }
#endif
