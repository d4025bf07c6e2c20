import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Sends `target`, streams its progress, and ends with a step that carries the payload
    /// decoded as `T`, exactly as ``request(_:as:)`` decodes it: the envelope's payload when
    /// the provider (or the target) has an envelope, the whole body otherwise.
    ///
    /// ```swift
    /// for try await step in provider.requestWithProgress(.upload(photo), as: UploadReceipt.self) {
    ///     if let receipt = step.value { print("stored as", receipt.id) }
    ///     else { print(Int(step.progress * 100), "%") }
    /// }
    /// ```
    ///
    /// Upload progress for uploads, download progress otherwise, in steps that only grow. A
    /// payload that does not decode, or an envelope that reports a failure, ends the stream with
    /// that ``CourierError`` (`.business`, `.sessionExpired`, `.payloadMissing`,
    /// `.objectMapping`, …) after the transfer's steps, and no completed step is sent. Ending
    /// the iteration early cancels the call.
    public func requestWithProgress<T: Decodable & Sendable>(_ target: Target, as type: T.Type)
        -> AsyncThrowingStream<DecodedProgressResponse<T>, any Error>
    {
        AsyncThrowingStream { continuation in
            let reporter = ProgressReporter { step in
                continuation.yield(DecodedProgressResponse(progress: step.progressObject))
            }
            let task = Task {
                let result = await self.perform(target, progress: { reporter.report($0) }) {
                    (response: Response) throws(CourierError) -> DecodedAnswer<T> in
                    DecodedAnswer(response: response, value: try self.decode(T.self, from: response, target: target))
                }
                switch result {
                case .success(let answer):
                    reporter.finish(with: answer.response) { last in
                        continuation.yield(
                            DecodedProgressResponse(
                                progress: last.progressObject, response: answer.response, value: answer.value))
                    }
                    continuation.finish()
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A response and the payload decoded from it.
private struct DecodedAnswer<Value> {
    var response: Response
    var value: Value
}
