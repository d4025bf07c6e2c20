/// One step of a call's progress that ends with a decoded payload: what
/// ``Provider/requestWithProgress(_:as:)`` streams.
///
/// The steps are those of ``ProgressResponse``: fractions that only grow while the transfer
/// runs, then one last step with ``completed`` set, ``progress`` 1.0, the ``response``, and
/// the ``value`` decoded from it as `request(_:as:)` decodes (through the envelope, when there
/// is one). Nothing follows the last step.
///
/// ```swift
/// for try await step in provider.requestWithProgress(.upload(photo), as: UploadReceipt.self) {
///     if let receipt = step.value { print("stored as", receipt.id) }
///     else { print(Int(step.progress * 100), "%") }
/// }
/// ```
public struct DecodedProgressResponse<Value: Sendable>: Sendable {
    /// The transfer's byte counts, when known.
    public let progressObject: TransferProgress?
    /// The response, present in the final step.
    public let response: Response?
    /// The decoded payload, present in the final step.
    public let value: Value?

    /// Creates a step.
    public init(progress: TransferProgress? = nil, response: Response? = nil, value: Value? = nil) {
        self.progressObject = progress
        self.response = response
        self.value = value
    }

    /// The fraction done, from 0 to 1; 1 once the response has arrived.
    public var progress: Double {
        if completed { return 1 }
        return progressObject?.fractionCompleted ?? 0
    }

    /// Whether the call has finished and ``response`` and ``value`` are set.
    public var completed: Bool { response != nil }
}
