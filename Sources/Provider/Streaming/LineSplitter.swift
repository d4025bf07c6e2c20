import Foundation

/// Cuts a body into lines as it arrives, whatever its chunking: a line ends at a CR, a LF or a
/// CRLF, as the event-stream format says (JSON lines end in LF, which this covers too).
///
/// A CR that ends one chunk may be the first half of a CRLF whose LF starts the next, so the
/// splitter remembers it rather than reporting an empty line there. A line longer than
/// `maximumLineLength` bytes is an error as soon as its length passes the limit, so memory
/// stays bounded by the limit and one chunk whatever the server sends.
package struct LineSplitter: Sendable {
    /// The longest line accepted, in bytes, without its line end.
    package let maximumLineLength: Int
    /// The bytes of the line not yet ended.
    private var partial = Data()
    /// Whether the last chunk ended in a CR, so that a LF first in the next one ends nothing.
    private var skipsLeadingLF = false

    /// A splitter that accepts lines up to `maximumLineLength` bytes.
    package init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines `chunk` ends, in order, without their line ends.
    package mutating func split(_ chunk: Data) throws(StreamError) -> [Data] {
        var lines: [Data] = []
        guard !chunk.isEmpty else { return lines }
        let limit = maximumLineLength
        var tooLong = false
        var partial = self.partial
        var skipsLF = skipsLeadingLF
        chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            if skipsLF, bytes[0] == Self.lf { index = 1 }
            skipsLF = false
            var start = index
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == Self.lf || byte == Self.cr else {
                    index += 1
                    continue
                }
                if partial.count + (index - start) > limit {
                    tooLong = true
                    return
                }
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                lines.append(partial)
                partial = Data()
                if byte == Self.cr {
                    if index + 1 < bytes.count {
                        if bytes[index + 1] == Self.lf { index += 1 }
                    } else {
                        skipsLF = true
                    }
                }
                index += 1
                start = index
            }
            if partial.count + (bytes.count - start) > limit {
                tooLong = true
                return
            }
            partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        if tooLong { throw .lineTooLong(limit: limit) }
        self.partial = partial
        skipsLeadingLF = skipsLF
        return lines
    }

    /// The last line, which the body ended without a line end, if it has one; the splitter is
    /// empty afterwards.
    package mutating func finish() -> Data? {
        defer {
            partial = Data()
            skipsLeadingLF = false
        }
        return partial.isEmpty ? nil : partial
    }

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
}
