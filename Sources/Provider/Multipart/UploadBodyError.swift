import Foundation

/// Why an upload's body could not be prepared; a call fails with it as
/// `CourierError.underlying(UploadBodyError, nil)` before anything is sent. It is the app's
/// request that could not be made, not the network: its ``CourierError/code`` is `1004` and its
/// description starts "The request could not be made" and names the file.
public enum UploadBodyError: Error, Sendable, Equatable, LocalizedError {
    /// A file to upload (`.uploadFile`, or a `.file` multipart part) is missing, is a
    /// directory, or cannot be read.
    case unreadableFile(URL, reason: String)
    /// A data part contains the multipart boundary, so the server would cut the body there.
    /// It happens only with a boundary the app chose itself in a `Content-Type` header.
    case boundaryInContent(partName: String)
    /// The temporary file for a large multipart body could not be written (disk full, …).
    case temporaryFileFailed(reason: String)

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .unreadableFile(let url, let reason):
            "The file to upload at \(url.path) cannot be read: \(reason)."
        case .boundaryInContent(let partName):
            "The multipart part \"\(partName)\" contains the body's boundary; use another boundary."
        case .temporaryFileFailed(let reason):
            "The multipart body could not be written to a temporary file: \(reason)."
        }
    }
}
