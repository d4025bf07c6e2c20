import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's content-decoding link, the one place a `gzip` or `deflate` body is decoded,
/// for data, upload, download and stream calls alike, over any transport that hands bodies over
/// as the server sent them (its ``ContentDecodingRule``; the native transport's).
///
/// Down, a hop that names no `Accept-Encoding` asks for `gzip, deflate` (written by the transport
/// with the request's own headers, ``TransportRequest/acceptEncoding``). Up, an answer whose
/// `Content-Encoding` names one of them is decoded, and its head drops the `Content-Encoding` and
/// `Content-Length` that described the encoded body:
/// - a data or upload call's body whole, failing at the transport's `maximumResponseSize`, which
///   counts the compressed and the decoded bytes together (both are held while it decodes);
/// - a download's file into a new one, on ``BlockingQueue``, within its `maximumDownloadSize`; the
///   call's cancellation stops it between pieces. A download with no `maximumDownloadSize` asks for
///   no coding (`Accept-Encoding: identity`) and keeps a compressed answer it gets anyway as it
///   came: nothing would bound its decoded size (a 0.5 MB answer inflates to 512 MiB);
/// - a download's error page (any status but `2xx`), which is no file but the call's body: read
///   back and decoded in memory within `maximumResponseSize`, as a data call's body is;
/// - a stream's body as its consumer reads it (``StreamedBody/decodeAsRead(with:)``), so its
///   buffer holds compressed bytes and a bomb costs one decoded piece.
///
/// Any other coding, or several stacked, is left as it came, with its header. A `RecordingTransport`
/// applies this link itself, so that a recording holds the body the app read.
package enum ContentDecodingLink {
    /// Sends `hop` over `transport` and decodes its answer, when `rule` says the chain decodes.
    @inline(__always)
    package static func send(
        _ hop: TransportRequest, over transport: any Transport, rule: ContentDecodingRule?
    ) async throws -> TransportResponse {
        guard let rule else { return try await transport.send(hop) }
        if case .download = hop.kind, rule.maximumDownloadSize == nil {
            var identity = hop
            identity.acceptEncoding = ContentCoding.identity
            let answer = try await errorPageRead(transport.send(identity), rule: rule)
            // An error page, now in memory, is decoded as any buffered body; a file stays as it came.
            return answer.downloadedFileURL == nil ? try await decoded(answer, rule: rule) : answer
        }
        return try await decoded(transport.send(asking(hop)), rule: rule)
    }

    /// Opens `hop`'s stream over `transport` into `body`, which its consumer then reads decoded
    /// when `rule` says the chain decodes and the answer is encoded.
    static func stream(
        _ hop: TransportRequest, over transport: any StreamingTransport, into body: StreamedBody,
        rule: ContentDecodingRule?
    ) async throws -> TransportResponse {
        guard rule != nil else { return try await transport.stream(hop, into: body) }
        let answer = try await transport.stream(asking(hop), into: body)
        guard let decoder = decoder(for: answer) else { return answer }
        body.decodeAsRead(with: decoder)
        return answer.decoded(data: answer.data, file: nil)
    }

    /// Streams `hop` over `transport` when it can stream, and otherwise sends it and hands its
    /// whole body over as one piece (a chain without a provider, in tests).
    package static func stream(
        _ hop: TransportRequest, overAny transport: any Transport, into body: StreamedBody,
        rule: ContentDecodingRule?
    ) async throws -> TransportResponse {
        if let streaming = transport as? any StreamingTransport {
            return try await stream(hop, over: streaming, into: body, rule: rule)
        }
        return body.deliverWhole(try await send(hop, over: transport, rule: rule))
    }

    /// `hop` asking for the codings decoded here, unless it names its own.
    private static func asking(_ hop: TransportRequest) -> TransportRequest {
        var asking = hop
        asking.acceptEncoding = ContentDecoder.acceptedCodings
        return asking
    }

    private static func decoder(for answer: TransportResponse) -> ContentDecoder? {
        ContentDecoder.forBody(encodedAs: answer.value(forHTTPHeaderField: "Content-Encoding"))
    }

    /// `answer` with its body decoded, when it is encoded; a download's error page read back in
    /// memory first.
    private static func decoded(_ answer: TransportResponse, rule: ContentDecodingRule) async throws
        -> TransportResponse
    {
        let answer = try await errorPageRead(answer, rule: rule)
        guard let decoder = decoder(for: answer) else { return answer }
        guard let file = answer.downloadedFileURL else {
            return answer.decoded(
                data: try decoder.decode(whole: answer.data, limit: rule.maximumResponseSize), file: nil)
        }
        let limit = rule.maximumDownloadSize
        let cancelled = LockedState(false)
        let decodedFile = try await withTaskCancellationHandler {
            try await BlockingQueue.run {
                try decoder.decode(file: file, limit: limit) { cancelled.withLock { $0 } }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        return answer.decoded(data: Data(), file: decodedFile)
    }

    /// `answer`, or, for a download answered with an error page (a status but `2xx`), the same
    /// with the page read back from its file in memory, within `maximumResponseSize`
    /// (``BodyCollector/collect(file:limit:)``), and the file deleted.
    private static func errorPageRead(_ answer: TransportResponse, rule: ContentDecodingRule) async throws
        -> TransportResponse
    {
        guard let file = answer.downloadedFileURL, !(200..<300).contains(answer.statusCode) else { return answer }
        var page = answer
        page.data = try await BlockingQueue.run {
            defer { try? FileManager.default.removeItem(at: file) }
            return try BodyCollector.collect(file: file, limit: rule.maximumResponseSize)
        }
        page.downloadedFileURL = nil
        return page
    }
}
