import Foundation

/// Decides how much of a body a log shows: text up to a limit, with a note of what was cut,
/// and a one-line summary for binary data.
///
/// It reads at most `limit` bytes (and a few more to find a character boundary), so a large
/// body costs no more to log than a small one.
struct BodyDescriber: Sendable {
    /// The shape of a body as a log shows it.
    enum Description: Equatable {
        /// A body with no bytes.
        case empty
        /// Binary data, summarised: `(binary body, 2048 bytes, image/png)`.
        case binary(String)
        /// Text: the bytes to format (at most the limit) and how many bytes were left out.
        case text(Data, cutBytes: Int)
    }

    /// Content types whose bodies are binary whatever their first bytes look like.
    private static let binaryTypePrefixes = [
        "image/", "audio/", "video/", "font/", "application/octet-stream", "application/pdf", "application/zip",
        "application/gzip", "application/x-protobuf", "application/protobuf", "application/vnd.",
    ]

    /// The most bytes shown.
    let limit: Int

    /// How `data` is shown, given the `Content-Type` it was sent or received with.
    func describe(_ data: Data, contentType: String?) -> Description {
        if data.isEmpty { return .empty }
        let type = contentType?.lowercased()
        if let type, Self.binaryTypePrefixes.contains(where: { type.hasPrefix($0) }), !type.contains("json") {
            return .binary(Self.summary(of: data, contentType: contentType))
        }
        guard let shown = Self.textPrefix(of: data, limit: limit) else {
            return .binary(Self.summary(of: data, contentType: contentType))
        }
        return .text(shown, cutBytes: data.count - shown.count)
    }

    /// `(binary body, 2048 bytes, image/png)`.
    static func summary(of data: Data, contentType: String?) -> String {
        "(binary body, \(data.count) bytes\(contentType.map { ", \($0)" } ?? ""))"
    }

    /// The note that follows a body cut after `shown` bytes, `cut` bytes left out.
    static func cutNote(shown: Int, cut: Int) -> String {
        "… (\(cut) more bytes not shown, \(shown + cut) in all)"
    }

    /// The first `limit` bytes of `data` (fewer, to end on a whole character) when they are
    /// UTF-8 text without NUL bytes; `nil` when they look binary.
    private static func textPrefix(of data: Data, limit: Int) -> Data? {
        let end = data.index(data.startIndex, offsetBy: min(limit, data.count))
        // A cut can fall inside a character of up to 4 bytes: try the 3 shorter prefixes too.
        for trim in 0...3 {
            let candidate = data[data.startIndex..<data.index(end, offsetBy: -min(trim, end - data.startIndex))]
            if candidate.contains(0) { return nil }
            if String(validating: candidate, as: UTF8.self) != nil { return Data(candidate) }
            if end == data.endIndex { break }
        }
        return nil
    }
}
