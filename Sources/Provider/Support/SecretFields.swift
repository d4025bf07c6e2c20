import Foundation

/// Finds the values of secret fields in a body as text — JSON members at any depth, or the
/// fields of a form — and masks them where they stand.
///
/// It reads the text as a lexer does, not through a JSON parser: a log shows bodies cut at its
/// limit and bodies that are almost JSON, and a secret in them must be masked all the same.
enum SecretFields {
    /// `text` with its secret values masked, and those values as they read (JSON escapes and
    /// percent-encoding undone), to be searched for elsewhere.
    static func scan(_ text: String, masking: SecretMasking) -> (masked: String, values: [String]) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first(where: { !isBlank($0) }) else { return (text, []) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var scanner = JSONScanner(bytes: bytes, masking: masking)
            scanner.run()
            return (String(decoding: scanner.output, as: UTF8.self), scanner.values)
        }
        return scanForm(text, masking: masking)
    }

    /// `user=ada&password=***`: the fields whose decoded names are secret. Other text is read
    /// as a form too (`note\npassword=x` has a field named `note\npassword`), since a name that
    /// holds a secret fragment marks a secret wherever it stands.
    private static func scanForm(_ text: String, masking: SecretMasking) -> (masked: String, values: [String]) {
        guard text.contains("=") else { return (text, []) }
        var values: [String] = []
        let fields = text.split(separator: "&", omittingEmptySubsequences: false).map { field -> String in
            guard let equals = field.firstIndex(of: "=") else { return String(field) }
            let name = formDecoded(field[..<equals])
            guard masking.isSecret(bodyKey: name) else { return String(field) }
            values.append(formDecoded(field[field.index(after: equals)...]))
            return "\(field[..<equals])=\(SecretMasking.mask)"
        }
        return (fields.joined(separator: "&"), values)
    }

    private static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// One pass over JSON text: copies it to `output`, with every value under a secret name (and
/// everything inside a secret object or array) replaced by `"***"`.
private struct JSONScanner {
    private enum Expecting { case key, colon, value, comma }
    private struct Container {
        let isObject: Bool
        let isSecret: Bool
    }

    let bytes: [UInt8]
    let masking: SecretMasking
    var output: [UInt8] = []
    var values: [String] = []
    private var stack: [Container] = []
    private var expecting = Expecting.value
    private var keyIsSecret = false
    private var index = 0

    init(bytes: [UInt8], masking: SecretMasking) {
        self.bytes = bytes
        self.masking = masking
        output.reserveCapacity(bytes.count)
    }

    /// Whether the value about to be read is secret.
    private var valueIsSecret: Bool {
        guard let top = stack.last else { return false }
        return top.isSecret || (top.isObject && keyIsSecret)
    }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Container(isObject: byte == UInt8(ascii: "{"), isSecret: valueIsSecret))
                expecting = byte == UInt8(ascii: "{") ? .key : .value
                copy(1)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                expecting = .comma
                copy(1)
            case UInt8(ascii: ":"):
                expecting = .value
                copy(1)
            case UInt8(ascii: ","):
                expecting = stack.last?.isObject == true ? .key : .value
                copy(1)
            case _ where SecretFields.isBlank(byte):
                copy(1)
            default:
                readScalar()
            }
        }
    }

    private mutating func copy(_ count: Int) {
        output += bytes[index..<min(index + count, bytes.count)]
        index += count
    }

    private mutating func readString() {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        let closed = end < bytes.count
        let content = bytes[(index + 1)..<min(end, bytes.count)]
        if stack.last?.isObject == true, expecting == .key {
            keyIsSecret = masking.isSecret(bodyKey: Self.decoded(content))
            expecting = .colon
            copy(end + 1 - index)
            return
        }
        if valueIsSecret {
            values.append(Self.decoded(content))
            output += Array("\"\(SecretMasking.mask)".utf8) + (closed ? [UInt8(ascii: "\"")] : [])
            index = end + 1
        } else {
            copy(end + 1 - index)
        }
        expecting = .comma
    }

    private mutating func readScalar() {
        var end = index
        while end < bytes.count, !",:}]\"".utf8.contains(bytes[end]), !SecretFields.isBlank(bytes[end]) {
            end += 1
        }
        end = max(end, index + 1)
        if valueIsSecret {
            values.append(String(decoding: bytes[index..<end], as: UTF8.self))
            output += Array("\"\(SecretMasking.mask)\"".utf8)
            index = end
        } else {
            copy(end - index)
        }
        expecting = .comma
    }

    /// The text of a JSON string's content, its escapes undone; the raw text when it does not
    /// decode (a string cut short).
    private static func decoded(_ content: ArraySlice<UInt8>) -> String {
        let raw = String(decoding: content, as: UTF8.self)
        guard content.contains(UInt8(ascii: "\\")),
            let text = try? JSONDecoder().decode(String.self, from: Data(("\"" + raw + "\"").utf8))
        else { return raw }
        return text
    }
}
