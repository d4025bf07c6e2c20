import Foundation

/// Public-key pins by host: a connection to a host listed here must present, in the certificate
/// chain the system verified, a public key whose SHA-256 digest (of its DER
/// `SubjectPublicKeyInfo`, Base64, as HPKP and OkHttp's `CertificatePinner` compute it) is in the
/// host's set, or the call fails before any byte of its request is sent. Pinning adds to the usual
/// checks of the certificate; it never replaces them. Hosts not listed are not pinned.
///
/// Given to a provider (``ProviderOptions``), the pins hold for every hop of every call, whatever
/// route it takes: a hop to a pinned host goes only to a transport that checks them (the native
/// transport; `URLSessionTransport` on Apple platforms), and fails with
/// ``TransportError/pinnedHostUnverifiable(host:)`` where they cannot be checked (plain `http://`,
/// a proxy, `URLSessionTransport` on Linux, an app's own transport).
///
/// ```swift
/// let pins = try PublicKeyPins(["api.example.com": ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]])
/// ```
///
/// The digest of a server's key, from its certificate:
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
public struct PublicKeyPins: Sendable, Hashable {
    /// The pins by host, keyed by each host's one spelling (`HostName.canonical`).
    private let byHost: [String: Set<String>]

    /// No pins.
    public static let none = PublicKeyPins(byHost: [:])

    /// Pins by host. Case and one trailing dot do not matter (`API.example.com.` is
    /// `api.example.com`), nor the spelling of an IPv6 address (`[::1]` is `0:0:0:0:0:0:0:1`).
    ///
    /// - Throws: ``InvalidPins`` for a host no URL can have (a port, a path, a space) or a host
    ///   with no pins, which would otherwise never apply, or never let a call through.
    public init(_ pins: [String: Set<String>]) throws(InvalidPins) {
        var byHost: [String: Set<String>] = [:]
        for (host, digests) in pins {
            guard let key = HostName.matchableKey(host) else { throw InvalidPins(host: host, reason: .notAHost) }
            guard !digests.isEmpty else { throw InvalidPins(host: host, reason: .noPins) }
            byHost[key, default: []].formUnion(digests)
        }
        self.init(byHost: byHost)
    }

    private init(byHost: [String: Set<String>]) {
        self.byHost = byHost
    }

    /// Whether no host is pinned.
    public var isEmpty: Bool { byHost.isEmpty }

    /// The pins of `host` (a URL's host, any spelling), or `nil` when it is not pinned.
    public func pins(for host: String) -> Set<String>? {
        guard !byHost.isEmpty else { return nil }
        return byHost[HostName.canonical(host)]
    }

    /// A pin that could never apply.
    public struct InvalidPins: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the host's entry.
        public enum Reason: Sendable, Equatable {
            /// No URL's host is spelled so (a port, a scheme, a path, a space, stray brackets).
            case notAHost
            /// The host's set of pins is empty: no key could ever match.
            case noPins
        }

        /// The host as it was given.
        public let host: String
        /// What is wrong with it.
        public let reason: Reason

        /// What is wrong, in a sentence.
        public var description: String {
            switch reason {
            case .notAHost: "no URL's host can match the pinned host \"\(host)\""
            case .noPins: "the pins of \"\(host)\" are empty: no key could ever match"
            }
        }
    }
}
