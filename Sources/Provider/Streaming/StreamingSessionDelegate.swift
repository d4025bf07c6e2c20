import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of ``URLSessionStreams``' session: routes each task's head, body and end to its
/// ``StreamingCall``. Foundation follows no redirect: the `3xx` is the head, which the provider's
/// chain follows with a new hop, as for a data call. An authentication challenge ends the task with the `401` it carried, as
/// ``URLSessionTransport``'s own delegate does.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Unchecked: its only state is `calls`, behind a lock.
    private let calls = LockedState<[Int: StreamingCall]>([:])

    func register(_ call: StreamingCall, for task: URLSessionTask) {
        calls.withLock { $0[task.taskIdentifier] = call }
    }

    private func call(for task: URLSessionTask) -> StreamingCall? {
        calls.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        call(for: dataTask)?.deliver(http)
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        call(for: task)?.noteSent()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        call(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let call = calls.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        call?.complete(with: error.map(EmptyReply.normalized))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let (disposition, failure) = ChallengeAnswer.answer(to: challenge)
        if let failure { call(for: task)?.deliver(failure) }
        completionHandler(disposition, nil)
    }
}
