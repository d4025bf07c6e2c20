#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What the TLS live tests share: the test CA and client certificate that `scripts/lib/tls.sh`
    /// made, transports configured with them, calls to `scripts/tls_server.py`'s cases, and the
    /// answers of its control port.
    enum TLSLive {
        /// The value of environment variable `name`; the test fails when it is missing.
        static func environment(_ name: String) throws -> String {
            let value = ProcessInfo.processInfo.environment[name] ?? ""
            try #require(!value.isEmpty, "\(name) is not set: run scripts/test with openssl installed")
            return value
        }

        /// The contents of the file environment variable `name` names.
        static func file(_ name: String) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: try environment(name)))
        }

        /// The test CA's certificate (PEM).
        static func certificateAuthority() throws -> Data { try file("COURIER_TLS_CA_FILE") }

        /// The client certificate the `mtls` case accepts.
        static func clientCertificate() throws -> HTTP1Transport.ClientCertificate {
            HTTP1Transport.ClientCertificate(
                certificateChainPEM: try file("COURIER_TLS_CLIENT_CERT_FILE"),
                privateKeyPEM: try file("COURIER_TLS_CLIENT_KEY_FILE"))
        }

        /// TLS options trusting the test CA (unless `trustingCA` is `false`), with a client
        /// certificate and pins when given.
        static func options(
            trustingCA: Bool = true, clientCertificate: HTTP1Transport.ClientCertificate? = nil,
            pins: [String: Set<String>] = [:]
        ) throws -> HTTP1Transport.Options {
            let tls = HTTP1Transport.TLSOptions(
                additionalTrustRoots: trustingCA ? [try certificateAuthority()] : [],
                clientCertificate: clientCertificate, pinnedPublicKeys: pins)
            return HTTP1Transport.Options(tls: tls)
        }

        /// A transport trusting the test CA, with no other option, shared by the tests that need
        /// nothing else: each new transport builds a TLS context of its own, loading the system's
        /// trust store once more (tens of milliseconds of CPU), which a suite running in parallel
        /// with timing-bound tests should not multiply.
        static func sharedTransport() throws -> HTTP1Transport { try #require(shared?.transport) }

        /// A routing transport like ``sharedTransport()``, for the tests through a provider.
        static func sharedRouting() throws -> RoutingTransport { try #require(shared?.routing) }

        private static let shared: (transport: HTTP1Transport, routing: RoutingTransport)? = {
            guard let options = try? options() else { return nil }
            return (HTTP1Transport(options: options), RoutingTransport(nativeOptions: options))
        }()

        /// `path` on `server`, or on `host` instead of the URL's own (an IP address).
        static func url(_ server: LiveServers.Server, _ path: String, host: String? = nil) throws -> URL {
            var components = try #require(
                URLComponents(url: try LiveServers.url(for: server), resolvingAgainstBaseURL: false))
            if let host { components.host = host }
            components.path = path
            return try #require(components.url)
        }

        /// A GET of `url` through `transport`.
        static func get(_ url: URL, over transport: any Transport) async throws -> TransportResponse {
            var request = URLRequest(url: url)
            request.timeoutInterval = 10 * LiveTiming.scale
            return try await transport.send(TransportRequest(urlRequest: request))
        }

        /// The TLSError a GET of `url` through `transport` throws; records an issue (and returns
        /// `nil`) when it succeeds or throws anything else.
        static func tlsError(
            of url: URL, over transport: any Transport, sourceLocation: SourceLocation = #_sourceLocation
        ) async -> TLSError? {
            do {
                let answer = try await get(url, over: transport)
                Issue.record(
                    "expected a TLSError, got HTTP \(answer.response.statusCode) with \(answer.data.count) bytes",
                    sourceLocation: sourceLocation)
            } catch let error as TLSError {
                return error
            } catch {
                Issue.record("expected a TLSError, got \(error)", sourceLocation: sourceLocation)
            }
            return nil
        }

        /// The TLSError a provider's call of `target` ends with, as `CourierError.underlying(TLSError, nil)`;
        /// records an issue (and returns `nil`) otherwise.
        static func tlsError(
            of target: TLSTarget, through provider: Provider<TLSTarget>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async -> TLSError? {
            do {
                let response = try await provider.request(target)
                Issue.record("expected a failure, got HTTP \(response.statusCode)", sourceLocation: sourceLocation)
            } catch CourierError.underlying(let error as TLSError, let response) {
                #expect(response == nil, "a TLS failure has no response", sourceLocation: sourceLocation)
                return error
            } catch {
                Issue.record(
                    "expected CourierError.underlying(TLSError…), got \(error)", sourceLocation: sourceLocation)
            }
            return nil
        }

        /// What `scripts/tls_server.py` answers on any path but `/truncate/…`.
        struct Echo: Decodable {
            /// The case (port) that answered.
            let `case`: String
            /// The connection's id, unique in the server's run.
            let connection: Int
            /// This request's number on its connection, from 1.
            let request: Int
            /// Whether the connection's TLS session was resumed.
            let sessionReused: Bool
            /// The TLS version, as Python names it (`TLSv1.3`).
            let tlsVersion: String
            /// The common name of the client certificate the server verified, if any.
            let clientCertificate: String?

            enum CodingKeys: String, CodingKey {
                case `case`, connection, request
                case sessionReused = "session_reused"
                case tlsVersion = "tls_version"
                case clientCertificate = "client_certificate"
            }
        }

        /// The server's echo in `answer`, after checking it is a 200.
        static func echo(_ answer: TransportResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> Echo
        {
            #expect(answer.response.statusCode == 200, sourceLocation: sourceLocation)
            return try JSONDecoder().decode(Echo.self, from: answer.data)
        }

        /// The body of the `/truncate/…` routes, as the server sends it whole.
        static let truncateBody = Data(String(repeating: "Courier TLS test body, ", count: 20).utf8)
    }

    /// One TLS connection as the control port reports it.
    struct TLSConnectionRecord: Decodable {
        /// The connection's id.
        let id: Int
        /// `ok`, `pending`, or why the handshake failed.
        let handshake: String
        /// Request bytes received after the handshake.
        let applicationBytesReceived: Int
        /// HTTP requests read.
        let requests: Int
        /// Whether the connection has ended.
        let closed: Bool
        /// Whether its handshake resumed a session; `nil` before the handshake ended.
        let sessionReused: Bool?

        enum CodingKeys: String, CodingKey {
            case id, handshake, requests, closed
            case applicationBytesReceived = "application_bytes_received"
            case sessionReused = "session_reused"
        }
    }

    /// `scripts/tls_server.py`'s control port.
    enum TLSControl {
        private struct Answer: Decodable {
            let connections: [TLSConnectionRecord]
            let timedOut: Bool

            enum CodingKeys: String, CodingKey {
                case connections
                case timedOut = "timed_out"
            }
        }

        /// Waits (the server does, 10 s at most) until `count` connections of `tlsCase` have
        /// ended, and returns every connection of that case; fails when they did not end.
        static func closedConnections(of tlsCase: String, count: Int = 1) async throws -> [TLSConnectionRecord] {
            try await ask(
                "/wait",
                [
                    URLQueryItem(name: "case", value: tlsCase), URLQueryItem(name: "closed", value: String(count)),
                    URLQueryItem(name: "timeout", value: String(10 * LiveTiming.scale)),
                ]
            ).filter(\.closed)
        }

        /// Every connection of `tlsCase` so far, ended or not.
        static func connections(of tlsCase: String) async throws -> [TLSConnectionRecord] {
            try await ask("/connections", [URLQueryItem(name: "case", value: tlsCase)])
        }

        private static func ask(_ path: String, _ query: [URLQueryItem]) async throws -> [TLSConnectionRecord] {
            var components = try #require(
                URLComponents(url: try LiveServers.url(for: .tlsControl), resolvingAgainstBaseURL: false))
            components.path = path
            components.queryItems = query
            var request = URLRequest(url: try #require(components.url))
            request.timeoutInterval = 20 * LiveTiming.scale
            let answer = try await HTTP1Transport().send(TransportRequest(urlRequest: request))
            let decoded = try JSONDecoder().decode(Answer.self, from: answer.data)
            try #require(!decoded.timedOut, "the connections awaited did not end within 10 s: \(components)")
            return decoded.connections
        }
    }

    /// A call to one of the TLS servers through a provider.
    struct TLSTarget: TargetType, TimeoutConfigurable {
        var baseURL: URL
        var path: String
        var method: HTTPMethod = .get
        var task: RequestTask = .requestPlain
        var headers: [String: String]?
        var timeout: TimeInterval? = 10 * LiveTiming.scale

        /// `path` on `server`.
        init(_ server: LiveServers.Server, _ path: String = "/json") throws {
            baseURL = try LiveServers.url(for: server)
            self.path = path
        }
    }
#endif
