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
            let body = try Self.body(of: request, kind: kind)
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
            if case .download = kind { download = try Self.makeDownloadFile() }
            var expectation = ResponseExpectation(
                isResponseToHEAD: method == "HEAD",
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: nil,
                maximumSize: download == nil ? options.maximumResponseSize : options.maximumDownloadSize,
                progress: isUpload ? nil : progress,
                timeout: timeout, decodesContent: decodesContent)
            defer { if let download { Glibc.close(download.fd) } }

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
                        guard ftruncate(download.fd, 0) == 0, lseek(download.fd, 0, SEEK_SET) == 0 else {
                            throw Self.reported(ConnectionFailure.fileWriteFailed(errno), url: request.url)
                        }
                    }
                    expectation.timeout = timeout
                } catch {
                    if let download { try? FileManager.default.removeItem(at: download.url) }
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
                switch lease {
                case .reuse(let pooled):
                    connection = pooled
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
                    try await Self.write(head: head, body: body, to: connection, progress: uploadProgress)
                    let received = try await connection.response()
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

        // MARK: Bodies

        static func body(of request: URLRequest, kind: TransportRequest.Kind) throws -> Body {
            switch kind {
            case .data, .download:
                guard let data = request.httpBody, !data.isEmpty else { return .none }
                return .bytes(data)
            case .upload(.data(let data)):
                return data.isEmpty ? .none : .bytes(data)
            case .upload(.file(let url)):
                var status = stat()
                guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                    throw URLError(.fileDoesNotExist, userInfo: userInfo("Cannot read the upload file", url))
                }
                return .file(url, length: Int64(status.st_size))
            }
        }

        /// Bodies up to this size go out with the head in one write.
        private static let coalescedBodyLimit = 64 * 1024
        /// The piece size of larger bodies, and of file reads.
        private static let pieceSize = 256 * 1024

        static func write(
            head: [UInt8], body: Body, to connection: HTTP1Connection,
            progress: (@Sendable (TransferProgress) -> Void)?
        ) async throws {
            let total = body.length
            switch body {
            case .none:
                try await connection.write(head, endsRequest: true)
            case .bytes(let data) where data.count <= coalescedBodyLimit:
                var bytes = head
                bytes.append(contentsOf: data)
                try await connection.write(bytes, endsRequest: true)
                progress?(TransferProgress(completedUnitCount: total, totalUnitCount: total))
            case .bytes(let data):
                // An answer before the whole body (a 413, say) ends the writing: it is the response.
                guard try await connection.write(head) else { return }
                var sent = data.startIndex
                while sent < data.endIndex {
                    let end = min(data.endIndex, sent + pieceSize)
                    guard try await connection.write(data[sent..<end], endsRequest: end == data.endIndex) else {
                        return
                    }
                    sent = end
                    progress?(
                        TransferProgress(completedUnitCount: Int64(sent - data.startIndex), totalUnitCount: total))
                }
            case .file(let url, let length):
                guard try await connection.write(head, endsRequest: length == 0) else { return }
                try await writeFile(url, length: length, to: connection, progress: progress)
            }
        }

        /// Streams `length` bytes of the file at `url`, a piece at a time.
        private static func writeFile(
            _ url: URL, length: Int64, to connection: HTTP1Connection, progress: (@Sendable (TransferProgress) -> Void)?
        ) async throws {
            let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw URLError(.fileDoesNotExist, userInfo: userInfo("Cannot open the upload file", url))
            }
            defer { Glibc.close(fd) }
            var piece = [UInt8](repeating: 0, count: pieceSize)
            var sent: Int64 = 0
            while sent < length {
                let wanted = Int(min(Int64(pieceSize), length - sent))
                let count = piece.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    // The file shrank after its length was sent: the request cannot be completed.
                    throw URLError(
                        .cannotOpenFile, userInfo: userInfo("The upload file changed while it was sent", url))
                }
                let isLast = sent + Int64(count) == length
                guard try await connection.write(piece[0..<count], endsRequest: isLast) else { return }
                sent += Int64(count)
                progress?(TransferProgress(completedUnitCount: sent, totalUnitCount: length))
            }
        }

        private static func makeDownloadFile() throws -> (url: URL, fd: Int32) {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-download-\(UUID().uuidString)")
            let fd = Glibc.open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw URLError(.cannotCreateFile, userInfo: userInfo("Cannot create the download file", url))
            }
            return (url, fd)
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
