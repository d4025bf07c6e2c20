import Foundation

/// Writes `multipart/form-data` bodies (RFC 7578).
///
/// The layout of every body:
///
/// ```text
/// --<boundary>CRLF
/// Content-Disposition: form-data; name="<name>"; filename="<file name>"CRLF
/// Content-Type: <type>CRLF              (parts with a file name or a MIME type)
/// CRLF
/// <content>CRLF
/// --<boundary>--CRLF
/// ```
///
/// Names and file names are written as UTF-8 with `"`, CR and LF percent-encoded as `%22`,
/// `%0D` and `%0A`: what browsers (the WHATWG form encoding), curl since 7.81 and Python's
/// Werkzeug expect. RFC 7578 §4.2 forbids the `filename*=` form of RFC 5987, and servers
/// that percent-decode nothing still show a raw UTF-8 name correctly, which they would not
/// with a fully percent-encoded one.
///
/// The same writer produces a body in memory (small bodies) or in a temporary file written in
/// chunks of ``chunkSize`` (large ones), so a file part is never read whole into memory.
enum MultipartFormDataEncoder {
    static let crlf = "\r\n"

    /// Bodies up to this many bytes are encoded in memory; larger ones go to a temporary file.
    /// 10 MB, as Alamofire's `encodingMemoryThreshold`.
    static let memoryThreshold: Int64 = 10_000_000

    /// How many bytes of a file part are read at a time.
    static let chunkSize = 1 << 20

    /// A boundary that cannot occur in the content by chance: 128 random bits, 49 characters
    /// (RFC 2046 allows up to 70).
    static func makeBoundary() -> String {
        "courier.boundary.\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    }

    /// The boundary named in a `multipart/*` content type, or `nil`.
    static func boundary(fromContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The exact size of the body `parts` encode to.
    ///
    /// - Throws: ``UploadBodyError/unreadableFile(_:reason:)`` when a file part's size cannot be read.
    static func contentLength(of parts: [MultipartFormBodyPart], boundary: String) throws -> Int64 {
        var length = Int64(closingDelimiter(boundary: boundary).count)
        for part in parts {
            length += Int64(header(for: part, boundary: boundary).count + crlf.utf8.count)
            switch part.provider {
            case .data(let data): length += Int64(data.count)
            case .file(let url): length += try fileSize(of: url)
            }
        }
        return length
    }

    /// Encodes `parts` in memory.
    static func encode(_ parts: [MultipartFormBodyPart], boundary: String) throws -> Data {
        var body = Data()
        try write(parts, boundary: boundary, isCancelled: { false }, to: { body.append($0) })
        return body
    }

    /// Writes the body of `parts` to `sink` piece by piece: headers, data parts whole, file parts
    /// in chunks of ``chunkSize``.
    ///
    /// - Throws: ``UploadBodyError/boundaryInContent(partName:)`` when a data part contains the
    ///   boundary, ``UploadBodyError/unreadableFile(_:reason:)`` when a file cannot be read,
    ///   `CancellationError` as soon as `isCancelled` answers `true`, and what `sink` throws.
    static func write(
        _ parts: [MultipartFormBodyPart], boundary: String, isCancelled: () -> Bool,
        to sink: (Data) throws -> Void
    ) throws {
        let boundaryBytes = Data(boundary.utf8)
        for part in parts {
            if isCancelled() { throw CancellationError() }
            try sink(header(for: part, boundary: boundary))
            switch part.provider {
            case .data(let data):
                // A random boundary cannot be in a file either, but bytes in memory are cheap to check.
                if data.range(of: boundaryBytes) != nil { throw UploadBodyError.boundaryInContent(partName: part.name) }
                try sink(data)
            case .file(let url):
                try copyFile(url, isCancelled: isCancelled, to: sink)
            }
            try sink(Data(crlf.utf8))
        }
        try sink(closingDelimiter(boundary: boundary))
    }

    /// The delimiter line and the header fields of `part`, up to and including the empty line.
    static func header(for part: MultipartFormBodyPart, boundary: String) -> Data {
        var text = "--\(boundary)\(crlf)"
        text += "Content-Disposition: form-data; name=\"\(escapeQuoted(part.name))\""
        let fileName = self.fileName(of: part)
        if let fileName {
            text += "; filename=\"\(escapeQuoted(fileName))\""
        }
        text += crlf
        if let contentType = contentType(of: part, fileName: fileName) {
            text += "Content-Type: \(contentType)\(crlf)"
        }
        return Data((text + crlf).utf8)
    }

    static func closingDelimiter(boundary: String) -> Data {
        Data("--\(boundary)--\(crlf)".utf8)
    }

    /// The file name announced for `part`: its own, or for a file part the file's name.
    static func fileName(of part: MultipartFormBodyPart) -> String? {
        switch part.provider {
        case .data: part.fileName
        case .file(let url): part.fileName ?? url.lastPathComponent
        }
    }

    /// The part's own MIME type; else, for a part with a file name, the type its extension
    /// names (`application/octet-stream` when unknown); else none, which makes a plain field.
    static func contentType(of part: MultipartFormBodyPart, fileName: String?) -> String? {
        if let mimeType = part.mimeType {
            // A line break would end the header field and let the rest inject another one.
            return String(mimeType.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
        }
        guard let fileName else { return nil }
        return MultipartMIMEType.forFileName(fileName)
    }

    /// Quotes and line breaks cannot stand inside a quoted header parameter; the WHATWG form
    /// encoding (and curl since 7.81) percent-encodes exactly these three.
    static func escapeQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func fileSize(of url: URL) throws -> Int64 {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
                throw UploadBodyError.unreadableFile(url, reason: "it is a directory")
            }
            return (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch let error as UploadBodyError {
            throw error
        } catch {
            throw UploadBodyError.unreadableFile(url, reason: error.localizedDescription)
        }
    }

    private static func copyFile(_ url: URL, isCancelled: () -> Bool, to sink: (Data) throws -> Void) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw UploadBodyError.unreadableFile(url, reason: error.localizedDescription)
        }
        defer { try? input.close() }
        while true {
            if isCancelled() { throw CancellationError() }
            let chunk: Data
            do {
                chunk = try input.read(upToCount: chunkSize) ?? Data()
            } catch {
                throw UploadBodyError.unreadableFile(url, reason: error.localizedDescription)
            }
            if chunk.isEmpty { return }
            try sink(chunk)
        }
    }
}
