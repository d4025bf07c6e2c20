#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// Request bodies: where they come from, and how they are handed to the connection's loop.
    /// Upload files are read, and download files made, on ``BlockingQueue``, never on a cooperative thread.
    extension HTTP1Transport {
        /// Where `request`'s body comes from; an upload file's length is read on ``BlockingQueue``.
        static func body(of request: URLRequest, kind: TransportRequest.Kind) async throws -> Body {
            switch kind {
            case .data, .download:
                guard let data = request.httpBody, !data.isEmpty else { return .none }
                return .bytes(data)
            case .upload(.data(let data)):
                return data.isEmpty ? .none : .bytes(data)
            case .upload(.file(let url)):
                let path = url.path
                let length = try await BlockingQueue.run { () -> Int64? in
                    var status = stat()
                    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
                    return Int64(status.st_size)
                }
                guard let length else {
                    throw URLError(.fileDoesNotExist, userInfo: userInfo("Cannot read the upload file", url))
                }
                return .file(url, length: length)
            }
        }

        /// Bodies up to this size go out with the head in one write.
        private static let coalescedBodyLimit = 64 * 1024
        /// The piece size of larger bodies, and of file reads.
        private static let pieceSize = 256 * 1024

        /// Sends the request and waits for its response. A request that fits one write is handed
        /// to the loop with the wait for its answer, in one handover.
        static func send(
            head: [UInt8], body: Body, to connection: HTTP1Connection, checksQuiet: Bool,
            progress: (@Sendable (TransferProgress) -> Void)?
        ) async throws -> ReceivedResponse {
            let total = body.length
            switch body {
            case .none:
                return try await connection.finish(head, checksQuiet: checksQuiet)
            case .bytes(let data) where data.count <= coalescedBodyLimit:
                var bytes = head
                bytes.append(contentsOf: data)
                let received = try await connection.finish(bytes, checksQuiet: checksQuiet)
                progress?(TransferProgress(completedUnitCount: total, totalUnitCount: total))
                return received
            default:
                try await write(head: head, body: body, to: connection, checksQuiet: checksQuiet, progress: progress)
                return try await connection.response()
            }
        }

        /// Writes the request; returns early when the server answered before all of it was sent.
        /// `checksQuiet` for the first write of a pooled connection (``StaleConnection``).
        static func write(
            head: [UInt8], body: Body, to connection: HTTP1Connection, checksQuiet: Bool,
            progress: (@Sendable (TransferProgress) -> Void)?
        ) async throws {
            let total = body.length
            switch body {
            case .none:
                try await connection.write(head, endsRequest: true, checksQuiet: checksQuiet)
            case .bytes(let data) where data.count <= coalescedBodyLimit:
                var bytes = head
                bytes.append(contentsOf: data)
                try await connection.write(bytes, endsRequest: true, checksQuiet: checksQuiet)
                progress?(TransferProgress(completedUnitCount: total, totalUnitCount: total))
            case .bytes(let data):
                // An answer before the whole body (a 413, say) ends the writing: it is the response.
                guard try await connection.write(head, checksQuiet: checksQuiet) else { return }
                var sent = data.startIndex
                while sent < data.endIndex {
                    let end = min(data.endIndex, sent + pieceSize)
                    guard try await connection.write(data[sent..<end], endsRequest: end == data.endIndex) else {
                        return
                    }
                    sent = end
                    progress?(
                        TransferProgress(completedUnitCount: Int64(sent - data.startIndex), totalUnitCount: total))
                }
            case .file(let url, let length):
                guard try await connection.write(head, endsRequest: length == 0, checksQuiet: checksQuiet) else {
                    return
                }
                try await writeFile(url, length: length, to: connection, progress: progress)
            }
        }

        /// Streams `length` bytes of the file at `url`, a piece at a time, each read on ``BlockingQueue``.
        private static func writeFile(
            _ url: URL, length: Int64, to connection: HTTP1Connection, progress: (@Sendable (TransferProgress) -> Void)?
        ) async throws {
            let path = url.path
            let fd = try await BlockingQueue.run { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else {
                throw URLError(.fileDoesNotExist, userInfo: userInfo("Cannot open the upload file", url))
            }
            defer { BlockingQueue.detach { Glibc.close(fd) } }
            var sent: Int64 = 0
            while sent < length {
                let wanted = Int(min(Int64(pieceSize), length - sent))
                let piece = try await BlockingQueue.run { readPiece(fd, wanted) }
                guard !piece.isEmpty else {
                    // The file shrank after its length was sent: the request cannot be completed.
                    throw URLError(
                        .cannotOpenFile, userInfo: userInfo("The upload file changed while it was sent", url))
                }
                let isLast = sent + Int64(piece.count) == length
                guard try await connection.write(piece, endsRequest: isLast) else { return }
                sent += Int64(piece.count)
                progress?(TransferProgress(completedUnitCount: sent, totalUnitCount: length))
            }
        }

        /// Up to `wanted` bytes of `fd`; empty at its end or on an error.
        private static func readPiece(_ fd: Int32, _ wanted: Int) -> [UInt8] {
            var piece = [UInt8](repeating: 0, count: wanted)
            while true {
                let count = piece.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
                if count < 0, errno == EINTR { continue }
                piece.removeLast(wanted - max(0, count))
                return piece
            }
        }

        /// A new file for a download's body, made on ``BlockingQueue``.
        static func makeDownloadFile() async throws -> (url: URL, fd: Int32) {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-download-\(UUID().uuidString)")
            do {
                return (url, try await BlockingQueue.run { try OwnerOnlyFile.create(at: url) })
            } catch {
                throw URLError(.cannotCreateFile, userInfo: userInfo("Cannot create the download file", url))
            }
        }
    }
#endif
