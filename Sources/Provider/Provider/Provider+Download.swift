import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Turns what the transport received into a ``Response``, moving a downloaded file to its
    /// destination when the status is one the call can succeed with.
    func finishTransfer(_ answer: TransportResponse, request: URLRequest, task: RequestTask)
        -> Result<Response, CourierError>
    {
        let status = answer.response.statusCode
        guard let temporaryFile = answer.downloadedFileURL else {
            return .success(Response(statusCode: status, data: answer.data, request: request, response: answer.response))
        }
        let destination: DownloadDestination? =
            switch task {
            case .downloadDestination(let destination), .downloadParameters(_, _, let destination): destination
            default: nil
            }
        guard let destination, (200..<300).contains(status) else {
            // An error page is not the file: keep it as the body and leave the destination untouched.
            let body = (try? Data(contentsOf: temporaryFile)) ?? Data()
            try? FileManager.default.removeItem(at: temporaryFile)
            return .success(Response(statusCode: status, data: body, request: request, response: answer.response))
        }
        let target = destination(temporaryFile, answer.response)
        do {
            try Self.move(temporaryFile, to: target)
        } catch {
            try? FileManager.default.removeItem(at: temporaryFile)
            let response = Response(statusCode: status, data: Data(), request: request, response: answer.response)
            return .failure(.underlying(error, response))
        }
        return .success(
            Response(statusCode: status, data: Data(), request: request, response: answer.response, fileURL: target))
    }

    /// Moves `source` to `destination`, creating folders and replacing a file already there.
    static func move(_ source: URL, to destination: URL) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        if fileManager.fileExists(atPath: destination.path) {
            try fileManager.removeItem(at: destination)
        }
        try fileManager.moveItem(at: source, to: destination)
    }
}
