import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads: where the body lands, for real and stubbed calls alike (a stub's sample arrives as a
/// downloaded file, as a real body does: ``SampleTransport``).
///
/// - A `2xx` body is moved to the URL the target's ``DownloadDestination`` returns; missing
///   folders are created. The ``Response`` has an empty `data` and the file in `fileURL`.
/// - A file already at the destination is **replaced**, atomically: the new file is staged
///   beside it and renamed over it, so the old one stays whole until the new one is complete.
///   A directory at the destination is not replaced; the call fails.
/// - Any other status keeps the destination untouched: the body (an error page) is the
///   `Response`'s `data`, so validation and envelopes see it as for any call; it is read back from
///   its file within ``TransportResponse/defaultMaximumSize`` (or the route's `maximumResponseSize`,
///   when the chain's decoding link read it already), as any buffered body, never whole whatever
///   its size.
/// - A failed or cancelled download leaves nothing behind, at the destination or in the
///   temporary directory.
extension Provider {
    /// Turns what the transport received into a ``Response``, moving a downloaded file to its
    /// destination when the status is one the call can succeed with.
    func finishTransfer(
        _ answer: TransportResponse, request: URLRequest?, task: RequestTask, cacheOrigin: CacheOrigin? = nil
    ) async -> Result<Response, CourierError> {
        let status = answer.statusCode
        guard let temporaryFile = answer.downloadedFileURL else {
            return .success(
                Response(
                    statusCode: status, data: answer.data, request: request, head: answer.head,
                    cacheOrigin: cacheOrigin))
        }
        guard let destination = Self.downloadDestination(of: task), (200..<300).contains(status) else {
            // An error page is not the file: keep it as the body and leave the destination untouched.
            let limit = TransportResponse.defaultMaximumSize
            let response = Response(statusCode: status, data: Data(), request: request, head: answer.head)
            do {
                let body = try await BlockingQueue.run {
                    defer { try? FileManager.default.removeItem(at: temporaryFile) }
                    return try BodyCollector.collect(file: temporaryFile, limit: limit)
                }
                return .success(Response(statusCode: status, data: body, request: request, head: answer.head))
            } catch {
                return .failure(.underlying(error, response))
            }
        }
        let target = destination(temporaryFile, answer.response)
        do {
            try Self.move(temporaryFile, to: target)
        } catch {
            try? FileManager.default.removeItem(at: temporaryFile)
            let response = Response(statusCode: status, data: Data(), request: request, head: answer.head)
            return .failure(.underlying(error, response))
        }
        return .success(
            Response(statusCode: status, data: Data(), request: request, head: answer.head, fileURL: target))
    }

    static func downloadDestination(of task: RequestTask) -> DownloadDestination? {
        switch task {
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination): destination
        default: nil
        }
    }

    /// Moves `source` to `destination`, creating folders and replacing a file already there.
    ///
    /// The file is first moved beside the destination under a hidden name (a copy when it
    /// comes from another volume), then renamed into place in one step, so the destination
    /// never holds a partial file.
    static func move(_ source: URL, to destination: URL) throws {
        let fileManager = FileManager.default
        let folder = destination.deletingLastPathComponent()
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        let staged = folder.appendingPathComponent(".courier-\(UUID().uuidString).partial")
        do {
            try fileManager.moveItem(at: source, to: staged)
            guard rename(staged.path, destination.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? fileManager.removeItem(at: staged)
            throw error
        }
    }
}
