import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chooses where a downloaded file goes, given the temporary file and the response.
///
/// Courier moves the temporary file there, creating missing folders and replacing a file
/// already at that URL. A failed or cancelled download leaves nothing at the destination.
///
/// ```swift
/// let toCaches: DownloadDestination = { _, response in
///     FileManager.default.temporaryDirectory
///         .appendingPathComponent(response.suggestedFilename ?? "download.bin")
/// }
/// ```
public typealias DownloadDestination = @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> URL
