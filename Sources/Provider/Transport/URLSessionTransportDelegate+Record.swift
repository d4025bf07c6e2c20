import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransportDelegate {
    /// What is known of one running task, and the consumer of its body; touched only under
    /// `records`' lock, hence unchecked.
    final class Record: @unchecked Sendable {
        let continuation: URLSessionCall
        let request: TransportRequest
        let consumer: URLSessionBodyConsumer
        /// The body received so far, within the consumer's limit: kept for memory, counted for a
        /// download (written to its file).
        var collector: BodyCollector
        /// For a download: the file the body is written to, and its handle while it is open.
        var downloadedFile: URL?
        var fileHandle: FileHandle?
        var failure: (any Error)?
        /// The `401` that carried an HTTP authentication challenge.
        var challengeResponse: HTTPURLResponse?
        /// When the response head arrived (`urlSession(_:dataTask:didReceive:completionHandler:)`).
        var firstByteAt: ContinuousClock.Instant?
        /// For a stream: the task is suspended because its body's buffer is full.
        var isSuspended = false

        init(continuation: URLSessionCall, request: TransportRequest, consumer: URLSessionBodyConsumer, limit: Int64?) {
            self.continuation = continuation
            self.request = request
            self.consumer = consumer
            collector = BodyCollector(limit: limit, keepsBytes: consumer.isMemory)
        }

        /// The body kept in memory.
        var data: Data { collector.data }

        /// Why the answer `response` must be refused before its body comes, if it must: it is
        /// larger than the limit, or (on Linux, where FoundationNetworking inflates a body before it
        /// can be counted) in a content coding the request did not ask for.
        func refusal(of response: URLResponse, options: URLSessionTransport.Options) -> TransportError? {
            do {
                try collector.expect(length: response.expectedContentLength)
            } catch {
                return error
            }
            guard let limit = collector.limit else { return nil }
            #if canImport(FoundationNetworking)
                if let coding = ContentCoding.unrequested(in: response, for: request.urlRequest, limit: limit) {
                    return .unrequestedContentEncoding(coding)
                }
            #endif
            return nil
        }

        var isDownload: Bool { consumer.isFile }

        var isUpload: Bool {
            if case .upload = request.kind { return true }
            return false
        }

        /// What to do after a piece of the body arrived.
        enum Reception: Sendable {
            case proceed
            /// Report the bytes received so far to the request's progress callback.
            case report(@Sendable (TransferProgress) -> Void, received: Int64)
            /// The transfer must stop; ``failure`` says why.
            case stop
            /// Hand the piece to the stream's body (outside the lock).
            case hand(StreamedBody)
        }

        /// Consumes a piece of the body: kept in memory, written to the download's file, or to be
        /// handed to the stream's body.
        func receive(_ piece: Data, options: URLSessionTransport.Options) -> Reception {
            // A refused transfer is being cancelled: what libcurl read meanwhile is dropped, and the
            // first reason stays the reason.
            guard failure == nil else { return .proceed }
            if let body = consumer.streamedBody { return .hand(body) }
            do {
                try collector.append(piece)
            } catch {
                failure = error
                return .stop
            }
            if isDownload {
                guard openDownloadFile(in: options.temporaryDirectory) else { return .stop }
                do {
                    try fileHandle?.write(contentsOf: piece)
                } catch {
                    failure = error
                    return .stop
                }
            }
            guard let progress = request.progress, !isUpload else { return .proceed }
            return .report(progress, received: collector.count)
        }

        /// Ends a stream's body, normally when `error` is `nil`; nothing for a body kept whole.
        func endStream(throwing error: (any Error)?) {
            consumer.streamedBody?.finish(throwing: error)
        }
    }
}
