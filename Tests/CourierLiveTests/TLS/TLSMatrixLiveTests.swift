#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// How a call to one TLS case must end.
    enum TLSOutcome: Sendable, CustomStringConvertible {
        /// This error, exactly.
        case fails(TLSError)
        /// ``TLSError/certificateUntrusted(_:)``, whatever OpenSSL's reason.
        case untrusted

        /// Whether `error` is this outcome.
        func matches(_ error: TLSError) -> Bool {
            switch (self, error) {
            case (.fails(let expected), _): expected == error
            case (.untrusted, .certificateUntrusted): true
            case (.untrusted, _): false
            }
        }

        var description: String {
            switch self {
            case .fails(let error): "\(error)"
            case .untrusted: "certificateUntrusted"
            }
        }
    }

    /// One negative case of the matrix: a server, the host to call it by, and how the call ends.
    struct TLSNegativeCase: Sendable, CustomTestStringConvertible {
        let server: LiveServers.Server
        /// The host to call instead of the URL's `localhost`, if any.
        var host: String?
        /// Whether the transport trusts the test CA.
        var trustingCA = true
        let outcome: TLSOutcome

        var testDescription: String {
            "\(server)\(host.map { " by \($0)" } ?? "")\(trustingCA ? "" : " without the CA") → \(outcome)"
        }

        /// Every negative case; each fails for its own reason, since one CA signed every
        /// certificate but the self-signed one.
        static let all: [TLSNegativeCase] = [
            TLSNegativeCase(server: .tlsWrongHost, outcome: .fails(.hostnameMismatch(host: "localhost"))),
            TLSNegativeCase(
                server: .tlsWrongHost, host: "127.0.0.1", outcome: .fails(.hostnameMismatch(host: "127.0.0.1"))),
            TLSNegativeCase(server: .tlsExpired, outcome: .fails(.certificateExpired)),
            TLSNegativeCase(server: .tlsNotYetValid, outcome: .fails(.certificateNotYetValid)),
            // The name only in the subject's CN, not in a subjectAltName: refused (RFC 6125 §6.4.4).
            TLSNegativeCase(server: .tlsCommonNameOnly, outcome: .fails(.hostnameMismatch(host: "localhost"))),
            TLSNegativeCase(server: .tlsSelfSigned, outcome: .untrusted),
            TLSNegativeCase(server: .tlsValid, trustingCA: false, outcome: .untrusted),
            TLSNegativeCase(server: .tlsMutual, outcome: .fails(.clientCertificateRequired)),
        ]
    }

    /// The TLS matrix through ``HTTP1Transport`` itself: `scripts/tls_server.py`'s cases, each
    /// ending as it must, with its own ``TLSError``.
    @Suite(
        "TLS matrix (HTTP1Transport)",
        .requiresTLSServers(
            .tlsValid, .tlsWrongHost, .tlsExpired, .tlsNotYetValid, .tlsCommonNameOnly, .tlsSelfSigned, .tlsMutual),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSMatrixLiveTests {
        @Test("a certificate for localhost from a trusted CA: 200, over TLS 1.2 or later")
        func valid() async throws {
            let transport = try TLSLive.sharedTransport()
            let echo = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsValid, "/json"), over: transport))
            #expect(echo.case == "valid")
            #expect(["TLSv1.2", "TLSv1.3"].contains(echo.tlsVersion))
            #expect(echo.clientCertificate == nil)
        }

        @Test("the same server by its IP address, which the certificate lists: 200")
        func validByIPAddress() async throws {
            let transport = try TLSLive.sharedTransport()
            let url = try TLSLive.url(.tlsValid, "/json", host: "127.0.0.1")
            let echo = try TLSLive.echo(try await TLSLive.get(url, over: transport))
            #expect(echo.case == "valid")
        }

        @Test("each negative case fails with its own error", arguments: TLSNegativeCase.all)
        func negative(_ negative: TLSNegativeCase) async throws {
            let transport =
                negative.trustingCA
                ? try TLSLive.sharedTransport() : HTTP1Transport(options: try TLSLive.options(trustingCA: false))
            let url = try TLSLive.url(negative.server, "/json", host: negative.host)
            let error = try #require(await TLSLive.tlsError(of: url, over: transport))
            #expect(negative.outcome.matches(error), "\(negative.testDescription): got \(error)")
        }

        @Test("mutual TLS with the client certificate: 200, and the server saw the certificate")
        func mutualWithCertificate() async throws {
            let options = try TLSLive.options(clientCertificate: try TLSLive.clientCertificate())
            let transport = HTTP1Transport(options: options)
            let echo = try TLSLive.echo(try await TLSLive.get(try TLSLive.url(.tlsMutual, "/json"), over: transport))
            #expect(echo.case == "mtls")
            #expect(echo.clientCertificate == "Courier test client")
        }

        @Test(
            "a server that speaks TLS 1.0 and 1.1 only: unsupportedProtocolVersion",
            .requiresTLSServers(.tlsOldProtocol))
        func oldProtocol() async throws {
            let transport = try TLSLive.sharedTransport()
            let url = try TLSLive.url(.tlsOldProtocol, "/json")
            let error = try #require(await TLSLive.tlsError(of: url, over: transport))
            #expect(error == .unsupportedProtocolVersion)
        }
    }

    /// The same matrix through a ``Provider`` on ``RoutingTransport``, which sends `https://`
    /// through the native transport: the error reaches the app as `CourierError.underlying(TLSError, nil)`.
    @Suite(
        "TLS matrix (Provider, RoutingTransport)",
        .requiresTLSServers(
            .tlsValid, .tlsWrongHost, .tlsExpired, .tlsNotYetValid, .tlsCommonNameOnly, .tlsSelfSigned, .tlsMutual),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSProviderMatrixLiveTests {
        private func provider(_ options: HTTP1Transport.Options) -> Provider<TLSTarget> {
            Provider<TLSTarget>(transport: RoutingTransport(nativeOptions: options))
        }

        @Test("the valid server: 200, sent by the native transport")
        func valid() async throws {
            let routing = try TLSLive.sharedRouting()
            let target = try TLSTarget(.tlsValid)
            let request = TransportRequest(urlRequest: URLRequest(url: target.baseURL.appendingPathComponent("json")))
            #expect(routing.route(for: request) == .native)
            let response = try await Provider<TLSTarget>(transport: routing).request(target)
            #expect(response.statusCode == 200)
            let echo = try JSONDecoder().decode(TLSLive.Echo.self, from: response.data)
            #expect(echo.case == "valid")
        }

        @Test("each negative case fails with its own error, wrapped", arguments: TLSNegativeCase.all)
        func negative(_ negative: TLSNegativeCase) async throws {
            var target = try TLSTarget(negative.server)
            if let host = negative.host {
                var components = try #require(URLComponents(url: target.baseURL, resolvingAgainstBaseURL: false))
                components.host = host
                target.baseURL = try #require(components.url)
            }
            let provider =
                negative.trustingCA
                ? Provider<TLSTarget>(transport: try TLSLive.sharedRouting())
                : provider(try TLSLive.options(trustingCA: false))
            let error = try #require(await TLSLive.tlsError(of: target, through: provider))
            #expect(negative.outcome.matches(error), "\(negative.testDescription): got \(error)")
        }

        @Test("mutual TLS with the client certificate: 200")
        func mutualWithCertificate() async throws {
            let provider = provider(try TLSLive.options(clientCertificate: try TLSLive.clientCertificate()))
            let response = try await provider.request(try TLSTarget(.tlsMutual))
            #expect(response.statusCode == 200)
            let echo = try JSONDecoder().decode(TLSLive.Echo.self, from: response.data)
            #expect(echo.clientCertificate == "Courier test client")
        }

        @Test("TLS 1.0 and 1.1 only: unsupportedProtocolVersion, wrapped", .requiresTLSServers(.tlsOldProtocol))
        func oldProtocol() async throws {
            let provider = Provider<TLSTarget>(transport: try TLSLive.sharedRouting())
            let error = try #require(await TLSLive.tlsError(of: try TLSTarget(.tlsOldProtocol), through: provider))
            #expect(error == .unsupportedProtocolVersion)
        }
    }
#endif
