import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The session delegate behind ``URLSessionTransport``: collects each task's body (in memory,
/// or in a file for a download), reports progress, returns redirects as answers,
/// applies the challenge policy, and resumes the waiting call once. A plain data task without progress or size limit has a
/// completion handler instead, which hands its body over through ``complete(_:data:response:error:)``;
/// its redirects and challenges still come here.
///
/// Downloads run as data tasks whose body this delegate writes to a file of its own.
/// FoundationNetworking's download tasks leave their partial temporary file behind when a
/// download fails, under a name the app never learns; a file of Courier's own is deleted on
/// every failure and cancellation.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {

    /// What a finished task hands to the waiting call, which makes the ``TransportResponse``
    /// itself: objects of Courier's made on the delegate queue and read by the call would be
    /// reported as races by the thread sanitizer, which does not see this hand-over.
    struct Delivery: Sendable {
        var response: HTTPURLResponse
        var data: Data
        var downloadedFileURL: URL?
        /// When the delegate saw the response head; `nil` for a task with a completion handler.
        var firstByteAt: ContinuousClock.Instant?
    }

    private let options: URLSessionTransport.Options
    private let records = LockedState<[Int: Record]>([:])

    init(options: URLSessionTransport.Options) {
        self.options = options
    }

    func register(
        _ task: URLSessionTask, request: TransportRequest,
        continuation: URLSessionCall
    ) {
        let record = Record(continuation: continuation, request: request)
        records.withLock { $0[task.taskIdentifier] = record }
    }

    /// Ends the call waiting on `task` with `CancellationError` at once, unless the task has
    /// already delivered its result; a download's partial file is deleted. Returns whether the
    /// call was ended here, in which case the task still has to be cancelled.
    func abandon(_ task: URLSessionTask) -> Bool {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return false }
        record.closeDownloadFile(kept: false)
        record.continuation.resume(throwing: CancellationError())
        return true
    }

    private func withRecord<R: Sendable>(_ task: URLSessionTask, _ body: (Record) -> R) -> R? {
        records.withLock { records in records[task.taskIdentifier].map(body) }
    }

    // MARK: Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        finish(record, response: task.response as? HTTPURLResponse, error: error)
    }

    /// The end of a task made with a completion handler: the delegate saw none of its data.
    func complete(_ taskIdentifier: Int, data: Data?, response: URLResponse?, error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: taskIdentifier) }) else { return }
        if let data { record.data = data }
        finish(record, response: response as? HTTPURLResponse, error: error)
    }

    private func finish(_ record: Record, response: HTTPURLResponse?, error: (any Error)?) {
        let failure = record.failure ?? error
        // A download's file survives only a complete, successful transfer.
        let keepsFile = record.challengeResponse == nil && failure == nil && response != nil
        record.closeDownloadFile(kept: keepsFile)
        if let challenged = record.challengeResponse, record.failure == nil {
            record.continuation.resume(
                returning: Delivery(response: challenged, data: record.data, firstByteAt: record.firstByteAt))
            return
        }
        if let failure {
            record.continuation.resume(throwing: Self.normalize(failure))
            return
        }
        guard let response else {
            record.continuation.resume(throwing: TransportError.notHTTP)
            return
        }
        // A download with an empty body (a 204) still ends with a file, an empty one.
        let folder = options.temporaryDirectory
        if record.isDownload, record.downloadedFile == nil, !record.openDownloadFile(in: folder) {
            record.continuation.resume(throwing: Self.normalize(record.failure ?? TransportError.notHTTP))
            return
        }
        record.closeDownloadFile(kept: true)
        let answer = Delivery(
            response: response, data: record.data, downloadedFileURL: record.downloadedFile,
            firstByteAt: record.firstByteAt)
        record.continuation.resume(returning: answer)
    }

    /// FoundationNetworking reports cancellation as `URLError.cancelled`; Courier reports it
    /// as `CancellationError`, as Swift concurrency does. An empty reply is a lost connection
    /// (``EmptyReply``).
    private static func normalize(_ error: any Error) -> any Error {
        if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
        return EmptyReply.normalized(error)
    }

    // MARK: Data

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let arrived = ContinuousClock.now
        let refusal = withRecord(dataTask) { record in
            record.firstByteAt = arrived
            return record.refusal(of: response, options: options)
        }
        if let refusal = refusal ?? nil {
            fail(dataTask, with: refusal)
            stop(dataTask)
            completionHandler(.cancel)
            return
        }
        guard withRecord(dataTask, { $0.openDownloadFile(in: options.temporaryDirectory) }) != false else {
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let expectedLength = dataTask.response?.expectedContentLength ?? -1
        let outcome = withRecord(dataTask) { record in
            record.receive(data, options: options, expectedLength: expectedLength)
        }
        switch outcome {
        case .stop: stop(dataTask)
        case .report(let progress): report(progress, for: dataTask)
        case .proceed, nil: break
        }
    }

    /// Ends the call waiting on `task` with the failure its record holds, at once, and cancels the
    /// task (here, on the delegate queue, where that cannot race its completion).
    ///
    /// The call does not wait for FoundationNetworking to report the cancellation: libcurl reads
    /// on the session's own queue, and a server that keeps sending can keep the cancellation
    /// waiting behind its reads. What it still reads is dropped (the record is gone).
    private func stop(_ task: URLSessionTask) {
        if let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            record.closeDownloadFile(kept: false)
            record.continuation.resume(throwing: record.failure ?? CancellationError())
        }
        // FoundationNetworking ignores a response disposition: only cancel() stops a transfer.
        task.cancel()
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
        let progress = TransferProgress(completedUnitCount: totalBytesSent, totalUnitCount: totalBytesExpectedToSend)
        report(progress, for: task)
    }

    // MARK: Redirects

    /// Follows no redirect: the redirect response ends the task and is the transport's answer; the
    /// provider's chain follows it by `RedirectPolicy`, the one set of rules for every transport
    /// (FoundationNetworking's own would resend a `307` without its body).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    // MARK: Challenges

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let (disposition, failure) = ChallengeAnswer.answer(to: challenge)
        if let failure { _ = withRecord(task) { $0.challengeResponse = failure } }
        completionHandler(disposition, nil)
    }
}
