#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The native transport's TLS where no TLS server is needed: loading OpenSSL, reading the
    /// app's PEMs, and handshakes that end early (the live suite runs the certificate matrix).
    @Suite("Native TLS: configuration and handshakes that end early")
    struct TLSConfigurationTests {
        private func send(_ url: String, tls: HTTP1Transport.TLSOptions = .init(), timeout: TimeInterval = 10)
            async throws -> TransportResponse
        {
            let transport = HTTP1Transport(options: .init(tls: tls))
            defer { Task { await transport.shutdown() } }
            var request = URLRequest(url: try #require(URL(string: url)))
            request.timeoutInterval = timeout
            return try await transport.send(TransportRequest(urlRequest: request))
        }

        @Test("a missing libssl is a typed error naming what was tried")
        func missingLibrary() {
            let result = OpenSSLLibrary.load(candidates: [("libcourier-no-such-ssl.so", "libcourier-no-such-crypto.so")]
            )
            guard case .failure(.libraryUnavailable(let reason)) = result else {
                Issue.record("expected libraryUnavailable, got \(result)")
                return
            }
            #expect(reason.contains("libssl"))
        }

        @Test("the system's OpenSSL loads, 1.1.1 or later")
        func systemLibrary() throws {
            let library = try OpenSSLLibrary.system.get()
            #expect(library.versionNumber >= OpenSSLLibrary.minimumVersion)
        }

        @Test("a trust root that is not a PEM certificate fails every https call with invalidConfiguration")
        func invalidTrustRoot() async {
            let tls = HTTP1Transport.TLSOptions(additionalTrustRoots: [Data("not a certificate".utf8)])
            await #expect(throws: TLSError.invalidConfiguration("additionalTrustRoots[0] holds no PEM certificate")) {
                _ = try await send("https://127.0.0.1:1/", tls: tls)
            }
        }

        @Test("a valid extra root is accepted")
        func validTrustRoot() throws {
            _ = try TLSContext(options: .init(additionalTrustRoots: [Data(TLSFixtures.certificate.utf8)]))
        }

        @Test("a client key that is not the certificate's is refused before any connection")
        func mismatchedClientKey() async {
            let identity = HTTP1Transport.ClientCertificate(
                certificateChainPEM: Data(TLSFixtures.certificate.utf8), privateKeyPEM: Data(TLSFixtures.otherKey.utf8))
            await #expect(throws: TLSError.invalidConfiguration("the client key does not match the client certificate"))
            {
                _ = try await send("https://127.0.0.1:1/", tls: .init(clientCertificate: identity))
            }
            let matching = HTTP1Transport.ClientCertificate(
                certificateChainPEM: Data(TLSFixtures.certificate.utf8), privateKeyPEM: Data(TLSFixtures.key.utf8))
            #expect(throws: Never.self) { _ = try TLSContext(options: .init(clientCertificate: matching)) }
        }

        @Test("transports with the same options share one context; other options get their own")
        func sharedContexts() async throws {
            let roots = HTTP1Transport.TLSOptions(additionalTrustRoots: [Data(TLSFixtures.certificate.utf8)])
            let first = TLSContextCache(options: roots)
            let second = TLSContextCache(options: roots)
            async let one = first.context()
            async let two = second.context()
            let (a, b) = try await (one, two)
            #expect(a === b)
            let other = try await TLSContextCache(options: .init()).context()
            #expect(other !== a)
        }

        @Test(
            "IPv4 and IPv6 literals are addresses, names are not",
            arguments: [
                ("127.0.0.1", true), ("::1", true), ("fe80::1", true), ("localhost", false), ("1.2.3", false),
                ("example.com", false),
            ])
        func addresses(host: String, isAddress: Bool) {
            #expect(TLSContext.isIPAddress(host) == isAddress)
        }

        @Test("a server that answers the ClientHello in plain HTTP fails the handshake, it does not hang")
        func plainHTTPServer() async throws {
            let listener = try NativeTestServer.listeningSocket()
            // What an HTTP server says to bytes it cannot parse, then it hangs up.
            let answered = Thread {
                let client = accept(listener.fd, nil, nil)
                guard client >= 0 else { return }
                let reply = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = reply.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(client)
            }
            answered.start()
            defer { close(listener.fd) }
            await #expect {
                _ = try await send("https://127.0.0.1:\(listener.port)/")
            } throws: { error in
                guard case .handshakeFailed = error as? TLSError else { return false }
                return true
            }
        }

        @Test("a server that never answers the ClientHello times out at the request's timeout, on virtual time")
        func silentServer() async throws {
            let listener = try NativeTestServer.listeningSocket()
            defer { close(listener.fd) }
            let time = VirtualTime()
            let transport = time.transport()
            var request = URLRequest(url: try #require(URL(string: "https://127.0.0.1:\(listener.port)/")))
            request.timeoutInterval = 0.5
            let sent = TransportRequest(urlRequest: request)
            let (result, elapsed) = await time.drive { try await transport.send(sent) }
            guard case .failure(let error as URLError) = result else {
                Issue.record("expected URLError.timedOut, got \(result)")
                return
            }
            #expect(error.code == .timedOut)
            // 0.5 s of silence after the ClientHello; 1 s when the clock reached the connect's
            // deadline while the loopback connect was completing, and the silence began there.
            #expect(elapsed >= .milliseconds(500) && elapsed <= .seconds(1), "at the request's timeout: \(elapsed)")
            await transport.shutdown()
        }
    }
#endif
