import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The head and the body of each task, as they arrive: each goes to the task's record, which
/// refuses, keeps, writes or hands it over.
extension URLSessionTransportDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let arrived = ContinuousClock.now
        let verdict = withRecord(dataTask) { record -> HeadVerdict in
            record.firstByteAt = arrived
            if let refusal = record.refusal(of: response, options: options) {
                record.failure = refusal
                return .refuse
            }
            guard record.openDownloadFile(in: options.temporaryDirectory) else { return .cannotKeep }
            if record.consumer.streamedBody != nil, let head = response as? HTTPURLResponse {
                return .streamHead(record.continuation, head)
            }
            return .allow
        }
        switch verdict {
        case .refuse?:
            stop(dataTask)
            completionHandler(.cancel)
        case .cannotKeep?:
            completionHandler(.cancel)
        case .streamHead(let call, let head)?:
            // The stream's caller goes on with the head; its body follows into the record's body.
            call.resume(returning: Delivery(response: head, data: Data(), firstByteAt: arrived))
            completionHandler(.allow)
        case .allow?, nil:
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let outcome = withRecord(dataTask) { record in record.receive(data, options: options) }
        switch outcome {
        case .hand(let body)?: hand(data, to: body, of: dataTask)
        case .stop?: stop(dataTask)
        case .report(let progress, let received)?:
            let expectedLength = dataTask.response?.expectedContentLength ?? -1
            progress(TransferProgress(completedUnitCount: received, totalUnitCount: expectedLength))
        case .proceed?, nil: break
        }
    }

    /// Upload progress; for a stream, only the activity its head timeout counts.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = TransferProgress(completedUnitCount: totalBytesSent, totalUnitCount: totalBytesExpectedToSend)
        let callback = withRecord(task) { $0.request.progress } ?? nil
        callback?(progress)
    }

    /// Ends the call waiting on `task` with the failure its record holds, at once, and cancels the
    /// task (here, on the delegate queue, where that cannot race its completion).
    ///
    /// The call does not wait for FoundationNetworking to report the cancellation: libcurl reads
    /// on the session's own queue, and a server that keeps sending can keep the cancellation
    /// waiting behind its reads. What it still reads is dropped (the record is gone).
    private func stop(_ task: URLSessionTask) {
        if let record = remove(task.taskIdentifier) {
            record.closeDownloadFile(kept: false)
            let failure = record.failure ?? CancellationError()
            record.continuation.resume(throwing: failure)
            record.endStream(throwing: failure)
        }
        // FoundationNetworking ignores a response disposition: only cancel() stops a transfer.
        task.cancel()
    }

    /// What to do with a response head.
    private enum HeadVerdict: Sendable {
        case allow
        /// Too large, or in a coding that cannot be counted: the record's failure says why.
        case refuse
        /// The download's file cannot be made: the record's failure says why.
        case cannotKeep
        /// A stream's head: `call` goes on with it.
        case streamHead(URLSessionCall, HTTPURLResponse)
    }
}
