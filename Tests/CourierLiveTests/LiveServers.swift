import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The local test servers that live tests talk to, found through environment variables.
///
/// `scripts/test` (and so CI, through `.ci/run`) starts both servers on free loopback ports
/// and exports their base URLs before it runs `swift test`:
///
/// - `COURIER_HTTPBIN_URL`: httpbin (`/get`, `/status/418`, `/delay/2`, `/headers`, …);
/// - `COURIER_SCENARIO_URL`: `scripts/scenario_server.py`, for what httpbin cannot do
///   (business envelopes, token expiry, faults, cross-host redirects); its routes are listed
///   at the top of that file;
/// - `COURIER_HOSTILE_URL`: `scripts/hostile_server.py`;
/// - with `openssl` installed, `COURIER_TLS_…_URL`: `scripts/tls_server.py`'s TLS cases and its
///   control port (`scripts/lib/tls_servers.sh` lists them); a test that needs them is skipped
///   without them, on CI too (``Trait/requiresTLSServers(_:sourceLocation:)``).
///
/// Mark every live test or suite with the server it needs, and read the URL inside it:
///
/// ```swift
/// @Suite(.requiresScenarioServer)
/// struct EnvelopeLiveTests {
///     @Test func decodesTheShopEnvelope() async throws {
///         let base = try LiveServers.url(for: .scenario)
///         // … base.appending(path: "envelope/shop/ok") …
///     }
/// }
/// ```
///
/// When a variable is missing — a plain `swift test`, or Xcode — the test is **skipped** with
/// the comment "set COURIER_…_URL or run scripts/test". When the `CI` variable is set as well,
/// a missing server is a configuration error, so the test **fails** with that same message
/// instead of being skipped silently. A variable that is set but is not an `http(s)` URL
/// fails everywhere.
enum LiveServers {
    /// A server that live tests can need; the raw value is its environment variable.
    enum Server: String, CaseIterable, Sendable, CustomStringConvertible {
        /// httpbin, run by gunicorn from the pinned `.venv`.
        case httpbin = "COURIER_HTTPBIN_URL"
        /// `scripts/scenario_server.py`.
        case scenario = "COURIER_SCENARIO_URL"
        /// `scripts/hostile_server.py`: smuggling canary, trailers, bombs, trickles, hangs.
        case hostile = "COURIER_HOSTILE_URL"
        /// `scripts/tls_server.py`, case `valid`: a certificate for localhost from the test CA.
        case tlsValid = "COURIER_TLS_VALID_URL"
        /// `scripts/tls_server.py`, case `wrong-host`: from the test CA, for `wrong.example` only.
        case tlsWrongHost = "COURIER_TLS_WRONG_HOST_URL"
        /// `scripts/tls_server.py`, case `expired`: from the test CA, for localhost, expired.
        case tlsExpired = "COURIER_TLS_EXPIRED_URL"
        /// `scripts/tls_server.py`, case `self-signed`: for localhost, not from the test CA.
        case tlsSelfSigned = "COURIER_TLS_SELF_SIGNED_URL"
        /// `scripts/tls_server.py`, case `old-protocol`: TLS 1.0 and 1.1 only.
        case tlsOldProtocol = "COURIER_TLS_OLD_PROTOCOL_URL"
        /// `scripts/tls_server.py`, case `mtls`: requires a client certificate from the test CA.
        case tlsMutual = "COURIER_TLS_MTLS_URL"
        /// `scripts/tls_server.py`, case `truncate`: the `/truncate/…` routes.
        case tlsTruncate = "COURIER_TLS_TRUNCATE_URL"
        /// `scripts/tls_server.py`, case `pinned`: the valid certificate, for one pinning test alone.
        case tlsPinned = "COURIER_TLS_PINNED_URL"
        /// `scripts/tls_server.py`, case `closing`: every answer ends its connection, so the next
        /// call resumes the session; for the resumption pinning suite alone.
        case tlsClosing = "COURIER_TLS_CLOSING_URL"
        /// `scripts/tls_server.py`, case `not-yet-valid`: from the test CA, for localhost, valid from 2040.
        case tlsNotYetValid = "COURIER_TLS_NOT_YET_VALID_URL"
        /// `scripts/tls_server.py`, case `cn-only`: from the test CA, CN=localhost, no subjectAltName.
        case tlsCommonNameOnly = "COURIER_TLS_CN_ONLY_URL"
        /// `scripts/tls_server.py`'s plain-HTTP control port: what each TLS connection received.
        case tlsControl = "COURIER_TLS_CONTROL_URL"

        /// The environment variable that holds the server's base URL.
        var environmentVariable: String { rawValue }

        var description: String {
            switch self {
            case .httpbin: "httpbin"
            case .scenario: "the scenario server"
            case .hostile: "the hostile server"
            default: "the TLS server (\(rawValue))"
            }
        }

        /// Whether this is one of `scripts/tls_server.py`'s ports, which exist only when `openssl`
        /// made the test certificates.
        var isTLSCase: Bool { rawValue.hasPrefix("COURIER_TLS_") }
    }

    /// Why a live server cannot be used; its description is the message a test shows.
    struct Unavailable: Error, CustomStringConvertible {
        /// The server that was asked for.
        let server: Server
        /// What is wrong with its environment variable.
        let reason: String

        var description: String {
            "\(server.environmentVariable) \(reason): set \(server.environmentVariable) or run scripts/test"
        }
    }

    /// The message shown when a test is skipped because `server` is not configured.
    static func skipMessage(for server: Server) -> String {
        if server == .tlsOldProtocol {
            return "set \(server.environmentVariable) or run scripts/test (it is left unset when this OpenSSL "
                + "cannot serve TLS 1.0: see the [tls] lines of its output)"
        }
        if server.isTLSCase {
            return "TLS suite skipped: set \(server.environmentVariable) or run scripts/test with openssl installed"
        }
        return "set \(server.environmentVariable) or run scripts/test"
    }

    /// httpbin's base URL, or `nil` when `COURIER_HTTPBIN_URL` is missing or invalid.
    static var httpbin: URL? { try? url(for: .httpbin) }

    /// The scenario server's base URL, or `nil` when `COURIER_SCENARIO_URL` is missing or invalid.
    static var scenario: URL? { try? url(for: .scenario) }

    /// Whether httpbin tests should run; see ``isAvailable(_:)``.
    static var httpbinAvailable: Bool {
        get throws { try isAvailable(.httpbin) }
    }

    /// Whether scenario-server tests should run; see ``isAvailable(_:)``.
    static var scenarioAvailable: Bool {
        get throws { try isAvailable(.scenario) }
    }

    /// Whether the environment runs on CI: `CI` is set to anything but empty, `0`, `false` or `no`.
    static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }

    /// Decides whether a test that needs `server` runs, for a `ConditionTrait`.
    ///
    /// - Returns: `true` when the server's URL is set; `false` (so the test is skipped) when it
    ///   is missing and ``isCI`` is `false`.
    /// - Throws: ``Unavailable`` when the URL is missing on CI, or set but invalid; a throwing
    ///   condition makes Swift Testing record the error as a failure of the test.
    static func isAvailable(_ server: Server) throws -> Bool {
        do {
            _ = try url(for: server)
            return true
        } catch let error as Unavailable where error.reason == missingReason && !isCI {
            return false
        }
    }

    /// `true` when `server`'s URL is set and valid; throws ``Unavailable`` otherwise, on CI or not.
    static func isConfigured(_ server: Server) throws -> Bool {
        _ = try url(for: server)
        return true
    }

    /// The base URL of `server`, for use inside a live test.
    ///
    /// - Throws: ``Unavailable`` when the environment variable is missing or is not an
    ///   `http(s)` URL with a host.
    static func url(for server: Server) throws -> URL {
        let raw = ProcessInfo.processInfo.environment[server.environmentVariable] ?? ""
        guard !raw.isEmpty else { throw Unavailable(server: server, reason: missingReason) }
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw Unavailable(server: server, reason: "is not an http(s) URL (\(raw))")
        }
        return url
    }

    private static let missingReason = "is not set"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when every server in `servers` is configured: skipped with
    /// a clear comment when one is missing, failed with the same message on CI.
    static func liveServers(
        _ servers: LiveServers.Server...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let comment = servers.map { LiveServers.skipMessage(for: $0) }.joined(separator: "; ")
        return .enabled(
            if: try servers.allSatisfy { try LiveServers.isAvailable($0) },
            Comment(rawValue: comment),
            sourceLocation: sourceLocation
        )
    }

    /// Runs the test or suite only when every TLS server in `servers` is set; **skipped** with a
    /// message otherwise, on CI too: `scripts/test` starts them only when `openssl` is installed
    /// (and the old-protocol one only when this OpenSSL can serve TLS 1.0).
    static func requiresTLSServers(
        _ servers: LiveServers.Server..., sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let missing = servers.filter { !((try? LiveServers.isConfigured($0)) ?? false) }
        let comment =
            missing.count == 1
            ? LiveServers.skipMessage(for: missing[0])
            : "TLS suite skipped: set "
                + missing.map(\.environmentVariable).joined(separator: ", ")
                + " or run scripts/test with openssl installed"
        return .enabled(if: missing.isEmpty, Comment(rawValue: comment), sourceLocation: sourceLocation)
    }

    /// Runs the test or suite only when `COURIER_HTTPBIN_URL` is set; see ``LiveServers``.
    static var requiresHttpbin: Self { liveServers(.httpbin) }

    /// Runs the test or suite only when `COURIER_SCENARIO_URL` is set; see ``LiveServers``.
    static var requiresScenarioServer: Self { liveServers(.scenario) }

    /// Runs the test or suite when `COURIER_HOSTILE_URL` is set, and **fails** it otherwise, on CI
    /// or not: a hardening suite that skipped would prove nothing.
    static var requiresHostileServer: Self {
        .enabled(if: try LiveServers.isConfigured(.hostile), Comment(rawValue: LiveServers.skipMessage(for: .hostile)))
    }
}
