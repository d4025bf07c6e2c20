#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One request and its response over the pool: body sources, the retry of a request whose
    /// pooled connection the server had closed, and the errors callers see.
    extension HTTP1Transport {
        /// Where a request body comes from.
        enum Body {
            case none
            case bytes(Data)
            case file(URL, length: Int64)

            var length: Int64 {
                switch self {
                case .none: 0
                case .bytes(let data): Int64(data.count)
                case .file(_, let length): length
                }
            }
        }

        /// A response, its body in memory or in a file, and when its phases ended.
        struct Exchanged {
            var head: HTTPResponseHead
            var body: Data
            var file: URL?
            var times: HopTimes
        }

        /// Methods whose requests may be sent twice (RFC 9110 §9.2.2).
        static let idempotentMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"]

        // MARK: One exchange

        func exchange(
            _ request: URLRequest, kind: TransportRequest.Kind, progress: (@Sendable (TransferProgress) -> Void)?,
            loop: EventLoop
        ) async throws -> Exchanged {
            guard request.httpBodyStream == nil else { throw HTTPRequestError.unsupportedBodyStream }
            let target = try HTTPRequestSerializer.Target(url: request.url)
            let body = try await Self.body(of: request, kind: kind)
            let decodesContent = self.decodesContent
            let head = try HTTPRequestSerializer.head(
                for: request, target: target, bodyLength: body.length, userAgent: options.userAgent,
                acceptEncoding: decodesContent ? ContentDecoder.acceptedCodings : nil)
            let method = (request.httpMethod ?? "GET").uppercased()
            let key = target.key
            let timeout = MonotonicClock.nanoseconds(request.timeoutInterval)
            var isUpload = false
            if case .upload = kind { isUpload = true }
            var download: (url: URL, fd: Int32)?
            if case .download = kind { download = try await Self.makeDownloadFile() }
            var expectation = ResponseExpectation(
                isResponseToHEAD: method == "HEAD",
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: nil,
                maximumSize: download == nil ? options.maximumResponseSize : options.maximumDownloadSize,
                progress: isUpload ? nil : progress,
                timeout: timeout, decodesContent: decodesContent)
            defer { if let download { FileQueue.detach { Glibc.close(download.fd) } } }

            var fresh = false
            while true {
                do {
                    let received = try await attempt(
                        head: head, body: body, key: key, target: target, expectation: expectation,
                        uploadProgress: isUpload ? progress : nil, download: download?.fd, fresh: fresh, loop: loop)
                    return Exchanged(
                        head: received.response.head, body: received.response.body, file: download?.url,
                        times: received.times)
                } catch is RetryableFailure where !fresh && Self.idempotentMethods.contains(method) {
                    // The pooled connection had been closed by the server: once more on a new one.
                    fresh = true
                    if let download {
                        let fd = download.fd
                        let code = try await FileQueue.run { () -> Int32 in
                            ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0 ? 0 : errno
                        }
                        guard code == 0 else {
                            throw Self.reported(ConnectionFailure.fileWriteFailed(code), url: request.url)
                        }
                    }
                    expectation.timeout = timeout
                } catch is StaleConnection {
                    // Nothing was sent: another connection, whatever the method.
                    expectation.timeout = timeout
                } catch {
                    if let download {
                        let url = download.url
                        _ = try? await FileQueue.run { try FileManager.default.removeItem(at: url) }
                    }
                    if Task.isCancelled || error is CancellationError { throw CancellationError() }
                    throw Self.reported(
                        error is RetryableFailure ? ConnectionFailure.closedBeforeResponse : error,
                        url: request.url)
                }
            }
        }

        /// A pooled connection that the server had closed before this request reached it: an
        /// idempotent request, data call or stream, is sent once more on a new connection.
        struct RetryableFailure: Error {}

        /// Whether requests ask for the codings the transport decodes, and their bodies are decoded
        /// (``Options/decodesContent``, when zlib can be loaded): data calls and streams alike.
        var decodesContent: Bool { options.decodesContent && ZlibLibrary.system != nil }

        private func attempt(
            head: [UInt8], body: Body, key: HTTP1ConnectionPool.Key, target: HTTPRequestSerializer.Target,
            expectation: ResponseExpectation, uploadProgress: (@Sendable (TransferProgress) -> Void)?, download: Int32?,
            fresh: Bool,
            loop: EventLoop
        ) async throws -> (response: ReceivedResponse, times: HopTimes) {
            let relay = CancellationRelay()
            let sink = download.map(DownloadSink.init(fd:))
            var expectation = expectation
            expectation.file = sink
            return try await withTaskCancellationHandler {
                let lease = try await pool.acquire(key, fresh: fresh)
                let connection: HTTP1Connection
                var times = HopTimes()
                var reused = false
                switch lease {
                case .reuse(let pooled):
                    connection = pooled
                    reused = true
                    times.readyAt = MonotonicClock.now()
                case .connect:
                    do {
                        let opened = try await openConnection(
                            to: target, key: key, loop: loop, timeout: expectation.timeout, relay: relay)
                        connection = opened.connection
                        (times.readyAt, times.connecting) = (opened.connectedAt, opened.connecting)
                    } catch {
                        pool.releaseSlot(key)
                        throw error
                    }
                }
                relay.attach(connection)
                counters.enter()
                defer { counters.leave() }
                do {
                    try Task.checkCancellation()
                    try connection.expect(expectation)
                    let received = try await Self.send(
                        head: head, body: body, to: connection, checksQuiet: reused, progress: uploadProgress)
                    // The file is whole only once its queue wrote everything; until then the
                    // connection stays this call's, so a failing write can only end this call.
                    try await sink?.finish()
                    pool.release(connection, reusable: received.reusable)
                    times.firstByteAt = received.firstByteAt
                    return (received, times)
                } catch {
                    pool.release(connection, reusable: false)
                    // Nothing of this attempt may reach the file after it is truncated for a retry.
                    try? await sink?.finish()
                    if times.connecting == nil, (error as? ConnectionFailure) == .closedBeforeResponse,
                        !Task.isCancelled
                    {
                        throw RetryableFailure()
                    }
                    throw error
                }
            } onCancel: {
                relay.cancel()
            }
        }

        // MARK: Errors

        /// The error a caller sees: connection failures as the `URLError` that `URLSession`
        /// reports for them; parse, request, size and cancellation errors as they are.
        static func reported(_ error: any Error, url: URL?) -> any Error {
            guard let failure = error as? ConnectionFailure else { return error }
            switch failure {
            case .closedBeforeResponse:
                return URLError(
                    .networkConnectionLost,
                    userInfo: userInfo("The server closed the connection without answering", url))
            case .closedDuringResponse:
                return URLError(
                    .networkConnectionLost,
                    userInfo: userInfo("The connection ended before the response was complete", url))
            case .timedOut:
                return URLError(.timedOut, userInfo: userInfo("The request timed out", url))
            case .connectFailed(let code):
                let message = String(cString: strerror(code))
                return URLError(
                    code == ETIMEDOUT ? .timedOut : .cannotConnectToHost,
                    userInfo: userInfo("Could not connect to the server: \(message)", url))
            case .fileWriteFailed(let code):
                return URLError(.cannotWriteToFile, userInfo: userInfo(String(cString: strerror(code)), url))
            case .outOfStep(let state, let event):
                return URLError(
                    .networkConnectionLost,
                    userInfo: userInfo("The connection got out of step (\(event) while \(state))", url))
            }
        }

        static func userInfo(_ description: String, _ url: URL?) -> [String: Any] {
            var info: [String: Any] = [NSLocalizedDescriptionKey: description]
            if let url { info[NSURLErrorFailingURLErrorKey] = url }
            return info
        }
    }

#endif
