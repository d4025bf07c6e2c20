import Foundation

/// Writes `multipart/form-data` bodies (RFC 7578).
enum MultipartFormDataEncoder {
    static let crlf = "\r\n"

    /// A boundary that cannot occur by chance in the content: 128 random bits.
    static func makeBoundary() -> String {
        "courier.boundary.\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    }

    /// The boundary named in a `multipart/form-data` content type.
    static func boundary(fromContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// Encodes `parts` in memory.
    static func encode(_ parts: [MultipartFormBodyPart], boundary: String) throws -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\(crlf)".utf8))
            body.append(Data(headers(for: part).utf8))
            switch part.provider {
            case .data(let data): body.append(data)
            case .file(let url): body.append(try Data(contentsOf: url))
            }
            body.append(Data(crlf.utf8))
        }
        body.append(Data("--\(boundary)--\(crlf)".utf8))
        return body
    }

    static func headers(for part: MultipartFormBodyPart) -> String {
        var disposition = "form-data; name=\"\(escapeQuoted(part.name))\""
        let fileName: String? =
            switch part.provider {
            case .data: part.fileName
            case .file(let url): part.fileName ?? url.lastPathComponent
            }
        if let fileName {
            disposition += "; filename=\"\(escapeQuoted(fileName))\""
        }
        var text = "Content-Disposition: \(disposition)\(crlf)"
        if let mimeType = part.mimeType {
            text += "Content-Type: \(mimeType)\(crlf)"
        } else if fileName != nil {
            text += "Content-Type: application/octet-stream\(crlf)"
        }
        return text + crlf
    }

    /// Quotes, backslashes and line breaks cannot stand inside a quoted header parameter;
    /// RFC 7578 §4.2 and the WHATWG form encoding escape them as below.
    static func escapeQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
