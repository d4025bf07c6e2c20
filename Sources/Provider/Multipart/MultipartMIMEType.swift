import Foundation

/// The MIME type of a file part whose type the app did not give, from its file name's extension.
///
/// Linux has no system type database that Foundation can ask (`UTType` is Apple-only), so the
/// types that apps upload most are listed here; anything else is `application/octet-stream`.
enum MultipartMIMEType {
    static let fallback = "application/octet-stream"

    static let byExtension: [String: String] = [
        // Images
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "heif": "image/heif", "bmp": "image/bmp",
        "svg": "image/svg+xml", "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/vnd.microsoft.icon",
        // Audio and video
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "ogg": "audio/ogg",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        // Documents and data
        "pdf": "application/pdf", "txt": "text/plain", "csv": "text/csv", "html": "text/html",
        "htm": "text/html", "md": "text/markdown", "json": "application/json", "xml": "application/xml",
        "zip": "application/zip", "gz": "application/gzip",
        "doc": "application/msword", "xls": "application/vnd.ms-excel",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// The type for `fileName`'s extension (case-insensitive), or ``fallback``.
    static func forFileName(_ fileName: String) -> String {
        let pathExtension = (fileName as NSString).pathExtension.lowercased()
        return byExtension[pathExtension] ?? fallback
    }
}
