import Foundation

/// One part of a `multipart/form-data` body (RFC 7578): a form field or a file.
///
/// ```swift
/// let avatar = MultipartFormBodyPart(
///     provider: .file(photoURL), name: "file", fileName: "avatar.jpg", mimeType: "image/jpeg")
/// let caption = MultipartFormBodyPart(provider: .data(Data("Sunset".utf8)), name: "caption")
/// ```
///
/// Several parts may share one `name`, which is how several files go under one field.
public struct MultipartFormBodyPart: Sendable {
    /// Where a part's content comes from.
    public enum Provider: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, streamed when the body is sent rather than read into memory.
        case file(URL)
    }

    /// Where the content comes from.
    public let provider: Provider
    /// The form field name.
    public let name: String
    /// The file name sent in `Content-Disposition`; for a `.file` part without one, the
    /// file's own name is used.
    public let fileName: String?
    /// The part's `Content-Type`. Without one, a part with a file name (every `.file` part)
    /// gets the type its extension names (`image/jpeg` for `.jpg`, …) or
    /// `application/octet-stream`; a data part without a file name is a plain form field.
    public let mimeType: String?

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - provider: where the content comes from.
    ///   - name: the form field name.
    ///   - fileName: the file name to announce; `nil` by default.
    ///   - mimeType: the part's content type; `nil` by default.
    public init(provider: Provider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
    }
}
