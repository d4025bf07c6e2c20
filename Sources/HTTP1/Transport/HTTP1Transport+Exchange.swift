#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A hop whose answer is received whole: its body in memory (collected up to the size limit
    /// by the connection) or in a download file.
    extension HTTP1Transport {
        /// A response, its body in memory or in a file, and when its phases ended.
        struct Exchanged {
            var head: HTTPResponseHead
            var body: Data
            var file: URL?
            var times: HopTimes
        }

        // MARK: One exchange

        func exchange(_ transportRequest: TransportRequest, loop: EventLoop) async throws -> Exchanged {
            let (request, kind, progress) = (
                transportRequest.urlRequest, transportRequest.kind, transportRequest.progress
            )
            let hop = try await hopRequest(
                request, kind: kind, acceptEncoding: transportRequest.acceptEncoding,
                pins: transportRequest.pinnedPublicKeys)
            var isUpload = false
            if case .upload = kind { isUpload = true }
            var download: (url: URL, fd: Int32)?
            if case .download = kind { download = try await Self.makeDownloadFile() }
            let expectation = ResponseExpectation(
                isResponseToHEAD: hop.isHEAD,
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: nil,
                maximumSize: download == nil ? options.maximumResponseSize : options.maximumDownloadSize,
                progress: isUpload ? nil : progress,
                timeout: hop.timeout)
            defer { if let download { BlockingQueue.detach { Glibc.close(download.fd) } } }
            do {
                let received = try await retryingStaleConnections(hop) {
                    // Nothing of the first attempt may stay in the file the second one writes.
                    guard let fd = download?.fd else { return }
                    let code = try await BlockingQueue.run { () -> Int32 in
                        ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0 ? 0 : errno
                    }
                    guard code == 0 else { throw ConnectionFailure.fileWriteFailed(code) }
                } _: { fresh in
                    try await attempt(
                        hop, expectation: expectation, uploadProgress: isUpload ? progress : nil,
                        download: download?.fd, fresh: fresh, loop: loop)
                }
                return Exchanged(
                    head: received.response.head, body: received.response.body, file: download?.url,
                    times: received.times)
            } catch {
                if let download {
                    let url = download.url
                    _ = try? await BlockingQueue.run { try FileManager.default.removeItem(at: url) }
                }
                throw Self.hopFailure(error, url: request.url)
            }
        }

        private func attempt(
            _ hop: HopRequest, expectation: ResponseExpectation,
            uploadProgress: (@Sendable (TransferProgress) -> Void)?, download: Int32?, fresh: Bool, loop: EventLoop
        ) async throws -> (response: ReceivedResponse, times: HopTimes) {
            let relay = CancellationRelay()
            let sink = download.map(DownloadSink.init(fd:))
            var expectation = expectation
            expectation.file = sink
            return try await withTaskCancellationHandler {
                var lease = try await leaseConnection(for: hop, fresh: fresh, loop: loop, relay: relay)
                let connection = lease.connection
                relay.attach(connection)
                counters.enter()
                defer { counters.leave() }
                do {
                    try Task.checkCancellation()
                    try connection.expect(expectation)
                    let received = try await Self.send(
                        head: hop.head, body: hop.body, to: connection, checksQuiet: lease.reused,
                        progress: uploadProgress)
                    // The file is whole only once its queue wrote everything; until then the
                    // connection stays this call's, so a failing write can only end this call.
                    try await sink?.finish()
                    pool.release(connection, reusable: received.reusable)
                    lease.times.firstByteAt = received.firstByteAt
                    return (received, lease.times)
                } catch {
                    pool.release(connection, reusable: false)
                    // Nothing of this attempt may reach the file after it is truncated for a retry.
                    try? await sink?.finish()
                    throw Self.retryable(error, reused: lease.reused)
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
