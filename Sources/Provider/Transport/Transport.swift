import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends prepared requests and returns what the server answered.
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
        public var isData: Bool {
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
    public var response: HTTPURLResponse
    /// The body, for a data or upload request.
    public var data: Data
    /// For a download: the temporary file holding the body. The provider moves or deletes it.
    public var downloadedFileURL: URL?

    /// Creates a transport response.
    public init(response: HTTPURLResponse, data: Data = Data(), downloadedFileURL: URL? = nil) {
        self.response = response
        self.data = data
        self.downloadedFileURL = downloadedFileURL
    }
}
