import Foundation

/// One step of a call's progress: a fraction while it runs, and the response at the end.
///
/// Upload progress for uploads, download progress for everything else. The steps a provider
/// hands out only grow (a step that would go back, as a retried transfer starting again does,
/// is dropped); the last one has ``completed`` set, ``progress`` 1.0, the ``response`` and the
/// last byte counts, and nothing follows it.
///
/// A stubbed answer (a provider's `stubClosure`, or CourierTesting's `StubTransport`) reports
/// a few growing steps before the last one, as a real transfer does: the upload's body for an
/// upload, the response body otherwise.
///
/// ```swift
/// for try await step in provider.requestWithProgress(.upload(photo)) {
///     print(step.completed ? "done: \(step.response!.statusCode)" : "\(Int(step.progress * 100)) %")
/// }
/// ```
public struct ProgressResponse: Sendable {
    /// The transfer's byte counts, when known.
    public let progressObject: TransferProgress?
    /// The response, present in the final step.
    public let response: Response?

    /// Creates a step.
    public init(progress: TransferProgress? = nil, response: Response? = nil) {
        self.progressObject = progress
        self.response = response
    }

    /// The fraction done, from 0 to 1; 1 once the response has arrived.
    public var progress: Double {
        if completed { return 1 }
        return progressObject?.fractionCompleted ?? 0
    }

    /// Whether the call has finished and ``response`` is set.
    public var completed: Bool { response != nil }
}

/// Receives the steps of a call's progress.
public typealias ProgressBlock = @Sendable (_ progress: ProgressResponse) -> Void
