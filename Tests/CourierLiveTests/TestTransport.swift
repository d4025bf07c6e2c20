import Courier
import CourierHTTP1
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport live tests send through, chosen by the `COURIER_TEST_TRANSPORT` environment
/// variable, so the whole live suite can run once per transport:
///
/// - `urlsession` (or unset): ``URLSessionTransport``, Courier's default;
/// - `native`: ``RoutingTransport`` — the native HTTP/1.1 transport for `http://` and
///   `https://` (trusting the test CA of `COURIER_TLS_CA_FILE` when set), URLSession for anything
///   it does not send.
///
/// A live test adopts it by passing `transport: TestTransport.make()` where it builds a
/// provider (`Provider<Target>(transport: TestTransport.make())`), and
/// `TestTransport.make(options)` where it built `URLSessionTransport(options:)` itself.
///
/// ```sh
/// COURIER_TEST_TRANSPORT=native scripts/test --filter CourierLiveTests
/// ```
enum TestTransport {
    /// A transport the live suite can run against.
    enum Kind: String, CaseIterable, Sendable {
        /// ``URLSessionTransport``.
        case urlSession = "urlsession"
        /// ``RoutingTransport`` (native for `http://`).
        case native
    }

    /// The transport chosen by `COURIER_TEST_TRANSPORT`; `urlsession` when unset or unknown.
    static var kind: Kind {
        let value = ProcessInfo.processInfo.environment["COURIER_TEST_TRANSPORT"]?.lowercased() ?? ""
        return Kind(rawValue: value) ?? .urlSession
    }

    /// A new transport of ``kind`` with `options`; the native transport gets the same response
    /// size limit and redirect policy (whether to follow, and how many).
    static func make(_ options: URLSessionTransport.Options = URLSessionTransport.Options()) -> any Transport {
        make(kind, options)
    }

    /// A new transport of `kind` with `options`.
    static func make(_ kind: Kind, _ options: URLSessionTransport.Options = URLSessionTransport.Options())
        -> any Transport
    {
        let urlSession = URLSessionTransport(options: options)
        switch kind {
        case .urlSession:
            return urlSession
        case .native:
            #if os(Linux)
                var nativeOptions = HTTP1Transport.Options(
                    maximumResponseSize: options.maximumResponseSize, followsRedirects: options.followsRedirects
                ).trustingTestCA
                nativeOptions.maximumRedirects = options.maximumRedirects
                return RoutingTransport(nativeOptions: nativeOptions, urlSession: urlSession)
            #else
                return RoutingTransport(urlSession: urlSession)
            #endif
        }
    }
}

#if os(Linux)
    extension HTTP1Transport.Options {
        /// The options of the live suite's native transports: the defaults, trusting the test CA.
        static var live: Self { Self().trustingTestCA }

        /// These options, trusting besides the system's roots the test CA that `scripts/test`
        /// exports as `COURIER_TLS_CA_FILE` (when it is set), so that a live test reaches the
        /// servers behind `scripts/tls_front.py` over `https://`.
        var trustingTestCA: Self {
            guard let root = TestCertificateAuthority.pem else { return self }
            var options = self
            options.tls.additionalTrustRoots.append(root)
            return options
        }
    }

    /// The test CA's certificate, read once.
    enum TestCertificateAuthority {
        /// The PEM of `COURIER_TLS_CA_FILE`, or `nil` when it is unset or unreadable.
        static let pem: Data? = {
            guard let path = ProcessInfo.processInfo.environment["COURIER_TLS_CA_FILE"], !path.isEmpty else {
                return nil
            }
            return try? Data(contentsOf: URL(fileURLWithPath: path))
        }()
    }
#endif
