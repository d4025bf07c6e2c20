import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport: EndableTransport {
    /// Cancels the session's tasks, streams included, and invalidates it; every later call fails
    /// with `URLError(.cancelled)` without making a task (which an invalidated session refuses, on
    /// Apple platforms by raising an exception).
    package func shutdown() async {
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            submission.async { [self] in
                hasEnded.withLock { $0 = true }
                // On the delegate queue, where completions run: FoundationNetworking traps on a
                // task's cancellation that lands while the task completes.
                session.delegateQueue.addOperation { [session] in
                    session.invalidateAndCancel()
                    ended.resume()
                }
            }
        }
    }
}
