import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of ``URLSessionTransport``'s one session: routes each task's callbacks to
/// that task's ``Record``, which consumes the body as the call asked (``URLSessionBodyConsumer``:
/// in memory, in a download's file, or into a stream's body), reports progress, returns redirects
/// as answers, applies the challenge policy, and resumes the waiting call once: with the whole
/// answer, or with a stream's head. A plain data task without progress or size limit has a
/// completion handler instead, which hands its body over through
/// ``complete(_:data:response:error:)``; its redirects and challenges still come here.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {

    /// What a finished task (or a stream's head) hands to the waiting call, which makes the
    /// ``TransportResponse`` itself: objects of Courier's made on the delegate queue and read by
    /// the call would be reported as races by the thread sanitizer, which does not see this
    /// hand-over.
    struct Delivery: Sendable {
        var response: HTTPURLResponse
        var data: Data
        var downloadedFileURL: URL?
        /// When the delegate saw the response head; `nil` for a task with a completion handler.
        var firstByteAt: ContinuousClock.Instant?
    }

    let options: URLSessionTransport.Options
    private let records = LockedState<[Int: Record]>([:])

    init(options: URLSessionTransport.Options) {
        self.options = options
    }

    func register(
        _ task: URLSessionTask, request: TransportRequest, consumer: URLSessionBodyConsumer,
        continuation: URLSessionCall
    ) {
        let record = Record(
            continuation: continuation, request: request, consumer: consumer, limit: consumer.sizeLimit(options))
        records.withLock { $0[task.taskIdentifier] = record }
    }

    /// Ends the call waiting on `task` with `CancellationError` at once, unless the task has
    /// already delivered its result; a download's partial file is deleted, a stream's body ended
    /// unless it has ended already (its consumer stopped it, or its idle limit did, and what it
    /// buffered stays readable). Returns whether the call was ended here, in which case the task
    /// still has to be cancelled.
    func abandon(_ task: URLSessionTask) -> Bool {
        guard let record = remove(task.taskIdentifier) else { return false }
        record.closeDownloadFile(kept: false)
        record.continuation.resume(throwing: CancellationError())
        record.endStream(throwing: CancellationError())
        return true
    }

    func withRecord<R: Sendable>(_ task: URLSessionTask, _ body: (Record) -> R) -> R? {
        records.withLock { records in records[task.taskIdentifier].map(body) }
    }

    func remove(_ taskIdentifier: Int) -> Record? {
        records.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    // MARK: Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = remove(task.taskIdentifier) else { return }
        finish(record, response: task.response as? HTTPURLResponse, error: error)
    }

    /// The end of a task made with a completion handler: the delegate saw none of its data.
    func complete(_ taskIdentifier: Int, data: Data?, response: URLResponse?, error: (any Error)?) {
        guard let record = remove(taskIdentifier) else { return }
        if let data { record.collector = BodyCollector(whole: data) }
        finish(record, response: response as? HTTPURLResponse, error: error)
    }

    /// Resumes the waiting call with the task's outcome (a stream's call, resumed at its head
    /// already, is not resumed twice) and ends a stream's body with it.
    private func finish(_ record: Record, response: HTTPURLResponse?, error: (any Error)?) {
        let failure = record.failure ?? error
        // A download's file survives only a complete, successful transfer.
        let keepsFile = record.challengeResponse == nil && failure == nil && response != nil
        record.closeDownloadFile(kept: keepsFile)
        if let challenged = record.challengeResponse, record.failure == nil {
            // The 401 is the whole answer: FoundationNetworking never reads its body.
            deliver(Delivery(response: challenged, data: record.data, firstByteAt: record.firstByteAt), to: record)
            return
        }
        if let failure {
            fail(record, with: Self.normalize(failure))
            return
        }
        guard let response else {
            fail(record, with: TransportError.notHTTP)
            return
        }
        // A download with an empty body (a 204) still ends with a file, an empty one.
        let folder = options.temporaryDirectory
        if record.isDownload, record.downloadedFile == nil, !record.openDownloadFile(in: folder) {
            fail(record, with: Self.normalize(record.failure ?? TransportError.notHTTP))
            return
        }
        record.closeDownloadFile(kept: true)
        let answer = Delivery(
            response: response, data: record.data, downloadedFileURL: record.downloadedFile,
            firstByteAt: record.firstByteAt)
        deliver(answer, to: record)
    }

    private func deliver(_ delivery: Delivery, to record: Record) {
        record.continuation.resume(returning: delivery)
        record.endStream(throwing: nil)
    }

    private func fail(_ record: Record, with error: any Error) {
        record.continuation.resume(throwing: error)
        record.endStream(throwing: error)
    }

    /// FoundationNetworking reports cancellation as `URLError.cancelled`; Courier reports it
    /// as `CancellationError`, as Swift concurrency does. An empty reply is a lost connection
    /// (``EmptyReply``), and libcurl's refusal of a coding it does not know is
    /// `URLError.cannotDecodeContentData` (``UnknownCodingRefusal``).
    private static func normalize(_ error: any Error) -> any Error {
        if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
        return UnknownCodingRefusal.normalized(EmptyReply.normalized(error))
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
        let pins = withRecord(task) { $0.request.pinnedPublicKeys } ?? nil
        let answer = ChallengeAnswer.answer(to: challenge, pins: pins)
        if answer.failureResponse != nil || answer.failure != nil {
            _ = withRecord(task) { record in
                if let response = answer.failureResponse { record.challengeResponse = response }
                if let failure = answer.failure { record.failure = failure }
            }
        }
        completionHandler(answer.disposition, answer.credential)
    }
}
