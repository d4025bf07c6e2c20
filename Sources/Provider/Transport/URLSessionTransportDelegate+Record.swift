import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransportDelegate {
    /// What is known of one running task; touched only under `records`' lock, hence unchecked.
    final class Record: @unchecked Sendable {
        let continuation: URLSessionCall
        let request: TransportRequest
        var data = Data()
        /// Bytes of the response body received so far.
        var receivedBytes: Int64 = 0
        /// For a download: the file the body is written to, and its handle while it is open.
        var downloadedFile: URL?
        var fileHandle: FileHandle?
        var failure: (any Error)?
        /// The `401` that carried an HTTP authentication challenge.
        var challengeResponse: HTTPURLResponse?
        /// When the response head arrived (`urlSession(_:dataTask:didReceive:completionHandler:)`).
        var firstByteAt: ContinuousClock.Instant?

        init(continuation: URLSessionCall, request: TransportRequest) {
            self.continuation = continuation
            self.request = request
        }

        /// The most body bytes this task may receive: a download's limit or a data call's.
        func sizeLimit(_ options: URLSessionTransport.Options) -> Int64? {
            isDownload ? options.maximumDownloadSize : options.maximumResponseSize
        }

        /// Why the answer `response` must be refused before its body comes, if it must: it is
        /// larger than the limit, or (on Linux, where FoundationNetworking inflates a body before it
        /// can be counted) in a content coding the request did not ask for.
        func refusal(of response: URLResponse, options: URLSessionTransport.Options) -> TransportError? {
            guard let limit = sizeLimit(options) else { return nil }
            if response.expectedContentLength > limit { return .responseTooLarge(limit: limit) }
            #if canImport(FoundationNetworking)
                if let coding = ContentCoding.unrequested(in: response, for: request.urlRequest, limit: limit) {
                    return .unrequestedContentEncoding(coding)
                }
            #endif
            return nil
        }

        var isDownload: Bool {
            if case .download = request.kind { return true }
            return false
        }

        var isUpload: Bool {
            if case .upload = request.kind { return true }
            return false
        }

        /// What to do after a piece of the body arrived.
        enum Reception: Sendable {
            case proceed
            case report(TransferProgress)
            /// The transfer must stop; ``failure`` says why.
            case stop
        }

        /// Keeps a piece of the body: in memory, or in the download's file.
        func receive(_ piece: Data, options: URLSessionTransport.Options, expectedLength: Int64) -> Reception {
            // A refused transfer is being cancelled: what libcurl read meanwhile is dropped, and the
            // first reason stays the reason.
            guard failure == nil else { return .proceed }
            receivedBytes += Int64(piece.count)
            if let limit = sizeLimit(options), receivedBytes > limit {
                failure = TransportError.responseTooLarge(limit: limit)
                data = Data()
                return .stop
            }
            if isDownload {
                guard openDownloadFile(in: options.temporaryDirectory) else { return .stop }
                do {
                    try fileHandle?.write(contentsOf: piece)
                } catch {
                    failure = error
                    return .stop
                }
            } else {
                data.append(piece)
            }
            guard request.progress != nil, !isUpload else { return .proceed }
            return .report(TransferProgress(completedUnitCount: receivedBytes, totalUnitCount: expectedLength))
        }

        /// Creates the download's file (`courier-download-<UUID>` in `folder`, the system's
        /// temporary directory when `nil`) unless it is open already; `false`, with ``failure``
        /// set, when it cannot be created.
        func openDownloadFile(in folder: URL?) -> Bool {
            guard failure == nil else { return false }
            guard isDownload, downloadedFile == nil else { return true }
            let file = (folder ?? FileManager.default.temporaryDirectory)
                .appendingPathComponent("courier-download-\(UUID().uuidString)")
            do {
                // Readable by its owner only, as the native transport's downloads: created 0600
                // by open(2), since a mode set after creation leaves a moment to open it.
                let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                }
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
}
