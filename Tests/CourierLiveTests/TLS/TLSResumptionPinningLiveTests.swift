#if os(Linux)
    import Courier
    import Foundation
    import Testing

    @testable import CourierHTTP1

    /// Pins and resumed sessions: a resumed handshake sends no certificate, so OpenSSL has no
    /// verified chain for it; the pins are checked against the chain verified when the session
    /// was made. `scripts/tls_server.py`'s `closing` case ends every connection after its answer,
    /// as a server whose keep-alive expired does, so every call but the first resumes.
    ///
    /// Serialized, and the only user of the `closing` case: the control port's records of that
    /// case are this suite's, in order.
    @Suite(
        "TLS pinning across resumed sessions", .serialized, .requiresTLSServers(.tlsClosing, .tlsControl),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSResumptionPinningLiveTests {
        /// A well-formed pin that no key of the test CA has.
        private static let wrongPin = Data(repeating: 0x5A, count: 32).base64EncodedString()

        private func options(pinning pins: Set<String>) throws -> HTTP1Transport.Options {
            try TLSLive.options(pins: ["localhost": pins])
        }

        @Test("the leaf's pin: five calls, each on a new connection, every one after the first resumed, all 200")
        func leafPinHoldsOnResumedSessions() async throws {
            let transport = HTTP1Transport(
                options: try options(pinning: [try TLSLive.environment("COURIER_TLS_VALID_PIN")]))
            try await expectFiveResumedCalls(over: transport)
        }

        @Test("the CA's pin (not the leaf's): resumed calls pass too")
        func caPinHoldsOnResumedSessions() async throws {
            let pins: Set<String> = [Self.wrongPin, try TLSLive.environment("COURIER_TLS_CA_PIN")]
            try await expectFiveResumedCalls(over: HTTP1Transport(options: try options(pinning: pins)))
        }

        @Test("a wrong pin fails on a fresh connection and on one that resumed a session verified elsewhere")
        func wrongPinFailsFreshAndResumed() async throws {
            let url = try TLSLive.url(.tlsClosing, "/json")
            let wrongOptions = try options(pinning: [Self.wrongPin])
            let wrong = HTTP1Transport(options: wrongOptions)
            #expect(await TLSLive.tlsError(of: url, over: wrong) == .publicKeyPinMismatch(host: "localhost"))

            // A session made, and its chain verified, by a transport with the right pin; handed to
            // the wrong-pin transport's context, as no public API can: its next handshake resumes it.
            let rightOptions = try options(pinning: [try TLSLive.environment("COURIER_TLS_VALID_PIN")])
            _ = try TLSLive.echo(try await TLSLive.get(url, over: HTTP1Transport(options: rightOptions)))
            let key = HTTP1ConnectionPool.Key(host: "localhost", port: try #require(url.port), isSecure: true)
            let right = try await SharedTLSContexts.process.context(for: rightOptions.tls).get()
            let session = try #require(right.sessions.session(for: key), "the right-pin transport kept no session")
            try await SharedTLSContexts.process.context(for: wrongOptions.tls).get().sessions.keep(session, for: key)

            #expect(await TLSLive.tlsError(of: url, over: wrong) == .publicKeyPinMismatch(host: "localhost"))
            let resumed = try #require(try await Self.lastConnection())
            #expect(resumed.handshake == "ok")
            #expect(resumed.sessionReused == true, "the handshake did not resume: \(resumed)")
            #expect(resumed.applicationBytesReceived == 0, "a byte of the request reached the server")
        }

        /// Five calls through `transport`, each answered 200 on a connection of its own, every one
        /// after the first over a resumed session.
        private func expectFiveResumedCalls(over transport: HTTP1Transport) async throws {
            let url = try TLSLive.url(.tlsClosing, "/json")
            var connections: Set<Int> = []
            for call in 1...5 {
                let echo = try TLSLive.echo(try await TLSLive.get(url, over: transport))
                connections.insert(echo.connection)
                if call > 1 { #expect(echo.sessionReused, "call \(call) made a full handshake") }
            }
            #expect(connections.count == 5)
        }

        /// The newest connection of the `closing` case, once every one of them has ended.
        private static func lastConnection() async throws -> TLSConnectionRecord? {
            let all = try await TLSControl.connections(of: "closing")
            let closed = try await TLSControl.closedConnections(of: "closing", count: all.count)
            return closed.max { $0.id < $1.id }
        }
    }
#endif
