import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one ``URLSessionTransport`` exchange consumes its response body: the one thing in which
/// data, upload, download and stream calls differ. Everything else (the session, its delegate,
/// the head timeout, challenges, redirects, cancellation, `shutdown()`) is the same exchange.
enum URLSessionBodyConsumer: Sendable {
    /// Collected in memory, up to ``URLSessionTransport/Options/maximumResponseSize``: data and
    /// upload calls.
    case memory
    /// Written to a file of Courier's own as it arrives, up to
    /// ``URLSessionTransport/Options/maximumDownloadSize``: downloads.
    case file
    /// Handed over piece by piece to the stream's body as it arrives; its buffer bounds memory,
    /// so no size limit applies.
    case stream(StreamedBody)

    /// The consumer of a call whose body is kept whole: a file for a download, memory otherwise.
    init(kind: TransportRequest.Kind) {
        if case .download = kind {
            self = .file
        } else {
            self = .memory
        }
    }

    /// The most body bytes this consumer accepts.
    func sizeLimit(_ options: URLSessionTransport.Options) -> Int64? {
        switch self {
        case .memory: options.maximumResponseSize
        case .file: options.maximumDownloadSize
        case .stream: nil
        }
    }

    /// Whether the body is collected in memory.
    var isMemory: Bool {
        if case .memory = self { return true }
        return false
    }

    /// Whether the body goes to a download's file.
    var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// The stream's body, when the body is streamed.
    var streamedBody: StreamedBody? {
        if case .stream(let body) = self { return body }
        return nil
    }
}
