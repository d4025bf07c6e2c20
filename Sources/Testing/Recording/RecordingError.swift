import Foundation

/// Why a ``RecordingTransport`` could not record or a ``ReplayTransport`` could not replay.
///
/// A provider hands it to the caller as `CourierError.underlying(error, nil)`; read it back
/// with `error.underlyingError as? RecordingError`. Every description names the file.
public enum RecordingError: Error, Sendable, Equatable, LocalizedError {
    /// No recording exists for `request`; `file` is where it would be.
    ///
    /// - Parameters:
    ///   - request: the request with its secrets masked, such as `GET http://127.0.0.1/get?token=***`.
    ///   - file: the full path of the file to record (or write by hand).
    ///   - directory: the directory the replay reads.
    case noRecording(request: String, file: String, directory: String)
    /// The file for a request holds another request's recording (it was edited, or recorded
    /// with other masking rules or another `keyIncludesBody` setting).
    case keyMismatch(file: String, recorded: String, requested: String)
    /// The file exists but is not a recording.
    case unreadable(file: String, reason: String)
    /// The recording could not be written.
    case cannotWrite(file: String, reason: String)
    /// The recorded call failed with an error that is not a `URLError`; it is replayed as this.
    case recordedFailure(file: String, description: String)

    /// What went wrong, naming the file, and how to fix it.
    public var errorDescription: String? {
        switch self {
        case .noRecording(let request, let file, let directory):
            return "No recording for \(request): expected the file \(file). Record it by sending this request "
                + "once through RecordingTransport(recordingTo: URL(fileURLWithPath: \"\(directory)\"), "
                + "wrapping: URLSessionTransport()), or write that file by hand."
        case .keyMismatch(let file, let recorded, let requested):
            return "The recording \(file) is for \(recorded), not \(requested). Record the request again, "
                + "with the same masking and keyIncludesBody as the replay."
        case .unreadable(let file, let reason):
            return "The recording \(file) cannot be read: \(reason)."
        case .cannotWrite(let file, let reason):
            return "Cannot write the recording \(file): \(reason)."
        case .recordedFailure(let file, let description):
            return "The recorded call failed (\(file)): \(description)"
        }
    }
}
