import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download's file: created by the record that writes into it, deleted unless the transfer
/// completed.
///
/// Downloads run as data tasks whose body the delegate writes to a file of Courier's own.
/// FoundationNetworking's download tasks leave their partial temporary file behind when a
/// download fails, under a name the app never learns; a file of Courier's own is deleted on
/// every failure and cancellation.
extension URLSessionTransportDelegate.Record {
    /// Creates the download's file (`courier-download-<UUID>` in `folder`, the system's
    /// temporary directory when `nil`) unless it is open already; `false`, with ``failure``
    /// set, when it cannot be created.
    func openDownloadFile(in folder: URL?) -> Bool {
        guard failure == nil else { return false }
        guard isDownload, downloadedFile == nil else { return true }
        let file = (folder ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("courier-download-\(UUID().uuidString)")
        do {
            // Readable by its owner only, as the native transport's downloads.
            let descriptor = try OwnerOnlyFile.create(at: file)
            downloadedFile = file
            fileHandle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Closes the download's file; deletes it too unless it is `kept`.
    func closeDownloadFile(kept: Bool) {
        try? fileHandle?.close()
        fileHandle = nil
        if !kept, let file = downloadedFile {
            try? FileManager.default.removeItem(at: file)
            downloadedFile = nil
        }
    }
}
