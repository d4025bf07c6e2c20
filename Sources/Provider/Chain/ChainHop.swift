import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one hop of the chain brings back up: the answer, and what to drop when it is a redirect.
protocol ChainHop: Sendable {
    /// The hop's answer (for a stream, its head).
    var answer: TransportResponse { get set }
    /// Drops what the hop holds that no caller will read: a redirect's body never goes up.
    func drop()
}

/// One hop of a data, upload or download call: the answer, and how the cache gave it, if it did.
struct HopAnswer: ChainHop {
    var answer: TransportResponse
    /// How the ``HTTPCache`` answered; `nil` when the answer came from the transport as it is.
    var cacheOrigin: CacheOrigin?

    init(_ answer: TransportResponse, cacheOrigin: CacheOrigin? = nil) {
        self.answer = answer
        self.cacheOrigin = cacheOrigin
    }

    /// A redirect's download file goes.
    func drop() {
        if let file = answer.downloadedFileURL { try? FileManager.default.removeItem(at: file) }
    }
}

/// One hop of a streaming call: the head, and the body it opened (a fresh one per hop).
struct StreamHop: ChainHop {
    var answer: TransportResponse
    let body: StreamedBody

    /// A redirect's body is never the stream's: it is cancelled, which closes its connection.
    func drop() {
        body.cancel()
    }
}
