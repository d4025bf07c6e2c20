import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind ``URLSessionTransport``: collects each task's body, reports
/// progress, applies the redirect and challenge policies, and resumes the waiting call once.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate,
    @unchecked Sendable
{
    /// What is known of one running task; touched only under `records`' lock, hence unchecked.
    private final class Record: @unchecked Sendable {
        let continuation: CheckedContinuation<TransportResponse, any Error>
        let request: TransportRequest
        var data = Data()
        var downloadedFile: URL?
        var failure: (any Error)?
        /// The `401` that carried an HTTP authentication challenge.
        var challengeResponse: HTTPURLResponse?

        init(continuation: CheckedContinuation<TransportResponse, any Error>, request: TransportRequest) {
            self.continuation = continuation
            self.request = request
        }
    }

    private let options: URLSessionTransport.Options
    private let records = Mutex<[Int: Record]>([:])

    init(options: URLSessionTransport.Options) {
        self.options = options
    }

    func register(
        _ task: URLSessionTask, request: TransportRequest,
        continuation: CheckedContinuation<TransportResponse, any Error>
    ) {
        let record = Record(continuation: continuation, request: request)
        records.withLock { $0[task.taskIdentifier] = record }
    }

    private func withRecord<R: Sendable>(_ task: URLSessionTask, _ body: (Record) -> R) -> R? {
        records.withLock { records in records[task.taskIdentifier].map(body) }
    }

    // MARK: Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let challenged = record.challengeResponse, record.failure == nil {
            record.continuation.resume(returning: TransportResponse(response: challenged, data: record.data))
            return
        }
        if let failure = record.failure ?? error {
            if let file = record.downloadedFile { try? FileManager.default.removeItem(at: file) }
            record.continuation.resume(throwing: Self.normalize(failure))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            record.continuation.resume(throwing: TransportError.notHTTP)
            return
        }
        record.continuation.resume(
            returning: TransportResponse(response: response, data: record.data, downloadedFileURL: record.downloadedFile))
    }

    /// FoundationNetworking reports cancellation as `URLError.cancelled`; Courier reports it
    /// as `CancellationError`, as Swift concurrency does.
    private static func normalize(_ error: any Error) -> any Error {
        if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
        return error
    }

    // MARK: Data

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let limit = options.maximumResponseSize, response.expectedContentLength > limit {
            fail(dataTask, with: TransportError.responseTooLarge(limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let outcome = withRecord(dataTask) { record -> (tooLarge: Bool, progress: TransferProgress?) in
            record.data.append(data)
            if let limit = options.maximumResponseSize, Int64(record.data.count) > limit {
                record.failure = TransportError.responseTooLarge(limit: limit)
                record.data = Data()
                return (true, nil)
            }
            guard record.request.progress != nil, !Self.isUpload(record.request) else { return (false, nil) }
            let total = dataTask.response?.expectedContentLength ?? -1
            return (false, TransferProgress(completedUnitCount: Int64(record.data.count), totalUnitCount: total))
        }
        guard let outcome else { return }
        if outcome.tooLarge {
            dataTask.cancel()
        } else if let progress = outcome.progress {
            report(progress, for: dataTask)
        }
    }

    private static func isUpload(_ request: TransportRequest) -> Bool {
        if case .upload = request.kind { return true }
        return false
    }

    private func fail(_ task: URLSessionTask, with error: any Error) {
        _ = withRecord(task) { $0.failure = error }
    }

    private func report(_ progress: TransferProgress, for task: URLSessionTask) {
        let callback = withRecord(task) { $0.request.progress } ?? nil
        callback?(progress)
    }

    // MARK: Upload progress

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        report(TransferProgress(completedUnitCount: totalBytesSent, totalUnitCount: totalBytesExpectedToSend), for: task)
    }

    // MARK: Download

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        if let limit = options.maximumResponseSize, totalBytesWritten > limit {
            fail(downloadTask, with: TransportError.responseTooLarge(limit: limit))
            downloadTask.cancel()
            return
        }
        report(
            TransferProgress(completedUnitCount: totalBytesWritten, totalUnitCount: totalBytesExpectedToWrite),
            for: downloadTask)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // The session deletes `location` when this method returns, so the file is moved now.
        let kept = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-download-\(UUID().uuidString)")
        do {
            try FileManager.default.moveItem(at: location, to: kept)
            _ = withRecord(downloadTask) { $0.downloadedFile = kept }
        } catch {
            fail(downloadTask, with: error)
        }
    }

    // MARK: Redirects

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard options.followsRedirects else {
            completionHandler(nil)
            return
        }
        let original = withRecord(task) { $0.request.urlRequest } ?? task.originalRequest
        guard let original else {
            completionHandler(request)
            return
        }
        completionHandler(RedirectPolicy.redirect(original, to: request, status: response.statusCode))
    }

    // MARK: Challenges

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                // Certificate validation stays the system's: Courier never weakens it.
                completionHandler(.performDefaultHandling, nil)
                return
            }
        #endif
        // Credentials are sent by plugins as headers, never through challenges. FoundationNetworking
        // waits forever on a `401` challenge answered with default handling, so the challenge is
        // cancelled and the `401` it carried is what the call returns (without its body, which
        // FoundationNetworking never reads in that case).
        if let failure = challenge.failureResponse as? HTTPURLResponse {
            _ = withRecord(task) { $0.challengeResponse = failure }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
