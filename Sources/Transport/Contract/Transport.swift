import CourierTargets
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a prepared request and returns what the server answered: one hop. A `3xx` is an answer
/// like any other; the provider's chain follows redirects, adds and stores cookies, and consults
/// its cache, for every transport.
///
/// ``URLSessionTransport`` is the default. An app or a test can supply its own, for
/// example an in-memory transport that answers from a table:
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
///         let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
///         return TransportResponse(response: http, data: request.urlRequest.httpBody ?? Data())
///     }
/// }
/// ```
///
/// A transport must end promptly when its Swift task is cancelled, throwing
/// `CancellationError` (or `URLError(.cancelled)`), and must never call back after it returned.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, or throws the transport's error.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// The transport this one hands every request to, unchanged, when it wraps one (a logging or
    /// metrics wrapper); `nil` (the default) otherwise.
    ///
    /// The provider's chain applies the rules of the transport it finds there as it would to that
    /// transport unwrapped: its redirect rules, its cookie storage, the content decoding of its
    /// bodies, and the public-key pins it checks. It still sends every hop through the wrapper.
    ///
    /// ```swift
    /// struct TimingTransport: Transport {
    ///     let base: any Transport
    ///     var underlyingTransport: (any Transport)? { base }
    ///     func send(_ request: TransportRequest) async throws -> TransportResponse {
    ///         let start = ContinuousClock.now
    ///         defer { print("took", ContinuousClock.now - start) }
    ///         return try await base.send(request)
    ///     }
    /// }
    /// ```
    var underlyingTransport: (any Transport)? { get }
}

extension Transport {
    /// None: the transport sends requests itself.
    public var underlyingTransport: (any Transport)? { nil }
}

/// A request as handed to a ``Transport``: the `URLRequest`, where its body comes from,
/// and where its response body goes.
public struct TransportRequest: Sendable {
    /// How the body is sent and the response received.
    public enum Kind: Sendable {
        /// The body, if any, is the request's `httpBody`; the response body is returned in memory.
        case data
        /// The body is streamed from this source.
        case upload(UploadSource)
        /// The response body is written to a temporary file, returned as
        /// ``TransportResponse/downloadedFileURL``.
        case download

        /// Whether the body is sent from `httpBody` and the response kept in memory.
        package var isData: Bool {
            if case .data = self { return true }
            return false
        }
    }

    /// The request to send.
    public var urlRequest: URLRequest
    /// How the body is sent and the response received.
    public var kind: Kind
    /// Receives upload progress for uploads and download progress otherwise; may be `nil`.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// The `Accept-Encoding` the chain's content-decoding link asks the transport to send when the
    /// request names none. Set only for a transport that states a decoding rule
    /// (``HopSettingsTransport``), which writes it with the request's own headers: adding it to
    /// the `URLRequest` would copy the request on every call.
    package var acceptEncoding: String?
    /// The public keys (Base64 SHA-256 digests of `SubjectPublicKeyInfo`) a connection to this
    /// request's host must present, one of them at least, before any byte of the request is sent:
    /// the provider's pins for the host (``PublicKeyPins``); `nil` when it is not pinned. The
    /// provider sends a pinned request only to a transport that checks them.
    public package(set) var pinnedPublicKeys: Set<String>?

    /// Creates a transport request.
    public init(
        urlRequest: URLRequest, kind: Kind = .data, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.urlRequest = urlRequest
        self.kind = kind
        self.progress = progress
    }
}

/// Where an upload's body comes from.
public enum UploadSource: Sendable, Equatable {
    /// Bytes in memory.
    case data(Data)
    /// A file, streamed from disk.
    case file(URL)
}

/// What a ``Transport`` received.
public struct TransportResponse: Sendable {
    /// The HTTP response, with its status and headers.
    ///
    /// A response made with ``init(url:statusCode:httpVersion:headerFields:data:downloadedFileURL:)``
    /// makes this object the first time it is read: on Linux it is the most expensive part of a
    /// call that only needs ``statusCode`` and ``data``.
    public var response: HTTPURLResponse {
        get { head.response ?? placeholder }
        set {
            head = ResponseHead(statusCode: newValue.statusCode, response: newValue)
            placeholder = newValue
        }
    }
    /// The HTTP status code, read without making ``response``.
    public var statusCode: Int { head.statusCode }
    /// The body, for a data or upload request.
    public var data: Data
    /// For a download: the temporary file holding the body. The provider moves or deletes it.
    public var downloadedFileURL: URL?
    /// How long the exchange's phases took, when the transport measured them; `nil` (the default)
    /// otherwise. The provider hands them to plugins as ``CallContext/timings``, from
    /// ``PluginType/didReceive(_:target:)`` on.
    ///
    /// A transport measures its one hop. When the provider's chain follows redirects, the final
    /// answer's ``CallTimings/firstByte`` and ``CallTimings/total`` run from the first request to
    /// the final response, and the connection phases add up over the hops.
    public var timings: CallTimings?

    package var head: ResponseHead
    /// What ``response`` returns if a deferred head cannot make its object: never on Linux,
    /// where `HTTPURLResponse`'s initializer has no failing path, but a value rather than a trap.
    private var placeholder: HTTPURLResponse

    /// The largest response body Courier's transports keep in memory unless told otherwise:
    /// 64 MiB. A body larger than that belongs in a download, which goes to disk as it arrives.
    public static let defaultMaximumSize: Int64 = 64 * 1024 * 1024

    /// Creates a transport response.
    public init(response: HTTPURLResponse, data: Data = Data(), downloadedFileURL: URL? = nil) {
        self.init(
            head: ResponseHead(statusCode: response.statusCode, response: response), placeholder: response,
            data: data, downloadedFileURL: downloadedFileURL)
    }

    /// Creates a transport response from the fields a transport parsed itself, without making an
    /// `HTTPURLResponse` now: ``response`` makes it the first time it is read, and
    /// ``statusCode`` and ``value(forHTTPHeaderField:)`` never need it.
    ///
    /// On Linux, `HTTPURLResponse`'s initializer is the most expensive step of a call that only
    /// reads the status and the body; this is how `HTTP1Transport` avoids it, and any transport
    /// can do the same.
    ///
    /// - Parameters:
    ///   - url: the URL that answered (after redirects).
    ///   - statusCode: the status code.
    ///   - httpVersion: the version as written on a status line, such as `HTTP/1.1`.
    ///   - headerFields: the fields in the order received; a repeated name once per line (the
    ///     response object joins their values with `", "`).
    ///   - data: the body, for a data or upload request.
    ///   - downloadedFileURL: for a download, the temporary file holding the body.
    ///
    /// Fails, as `HTTPURLResponse`'s own initializer may, only when this Foundation cannot make
    /// an `HTTPURLResponse` at all; a transport then reports ``TransportError/notHTTP``.
    public init?(
        url: URL, statusCode: Int, httpVersion: String, headerFields: [HeaderField], data: Data = Data(),
        downloadedFileURL: URL? = nil
    ) {
        guard let fallback = Self.fallbackResponse else { return nil }
        self.init(
            head: ResponseHead(url: url, statusCode: statusCode, version: httpVersion, fields: headerFields),
            placeholder: fallback, data: data, downloadedFileURL: downloadedFileURL)
    }

    /// One response object, made once, that a deferred head falls back on should its own ever fail
    /// to be made (`HTTPURLResponse`'s initializer is failable, though not for these constants).
    private static let fallbackResponse = HTTPURLResponse(
        url: URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)

    /// A response with `head`, for a layer that answers without a transport (the provider's cache);
    /// fails only where `HTTPURLResponse` cannot be made at all, as the public initializer from fields.
    package init?(head: ResponseHead, data: Data) {
        guard let fallback = Self.fallbackResponse else { return nil }
        self.init(head: head, placeholder: fallback, data: data)
    }

    package init(head: ResponseHead, placeholder: HTTPURLResponse, data: Data = Data(), downloadedFileURL: URL? = nil) {
        self.head = head
        self.placeholder = placeholder
        self.data = data
        self.downloadedFileURL = downloadedFileURL
    }

    /// A header's value, looked up without case and without making ``response``.
    public func value(forHTTPHeaderField name: String) -> String? {
        head.value(forHTTPHeaderField: name)
    }
}
