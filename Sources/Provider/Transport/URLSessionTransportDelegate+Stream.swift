import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed task's body: each piece handed to the stream's ``StreamedBody`` as it arrives, and
/// the back-pressure its buffer asks for.
///
/// Suspending and resuming happen on the session's delegate queue (serial), where the pieces
/// arrive too, so a resume can never overtake the suspend it answers.
extension URLSessionTransportDelegate {
    /// Whether a full buffer suspends the task. Not with FoundationNetworking: resuming a task
    /// suspended part way adds libcurl's handle back to its multi handle, which starts the transfer
    /// again, so parts of the body would arrive twice (docs/BENCHMARKS.md, "Streaming"). The
    /// buffer then grows by what the network delivers faster than the consumer reads.
    #if canImport(FoundationNetworking)
        static let suspendsWhenFull = false
    #else
        static let suspendsWhenFull = true
    #endif

    /// Ties `body` to `task`, before the task runs: the consumer stopping (or its idle limit
    /// passing) cancels the task, and, where a task can be suspended, the consumer making room
    /// resumes it.
    func bind(_ body: StreamedBody, to task: URLSessionTask, in session: URLSession) {
        if Self.suspendsWhenFull {
            body.onResume { [weak self] in
                guard let self else { return }
                session.delegateQueue.addOperation { self.resumeReading(task) }
            }
        }
        body.onCancel { [weak self] in
            guard let self, abandon(task) else { return }
            URLSessionTransport.cancel(task, in: session)
        }
    }

    /// Hands `piece` to `body` (on the delegate queue); suspends `task` when the body's buffer is
    /// now full.
    func hand(_ piece: Data, to body: StreamedBody, of task: URLSessionTask) {
        guard !body.yield(piece), !body.isCancelled, Self.suspendsWhenFull else { return }
        let suspends = withRecord(task) { record -> Bool in
            guard !record.isSuspended else { return false }
            record.isSuspended = true
            return true
        }
        if suspends == true { task.suspend() }
    }

    /// The consumer made room (on the delegate queue): the task reads again, unless it ended.
    private func resumeReading(_ task: URLSessionTask) {
        let resumes = withRecord(task) { record -> Bool in
            guard record.isSuspended else { return false }
            record.isSuspended = false
            return true
        }
        if resumes == true { task.resume() }
    }
}
