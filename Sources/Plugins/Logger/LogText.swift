/// Makes text from the network safe to put in a log line: every character that moves the
/// cursor or talks to the terminal is written as an escape, so that a body or a header cannot
/// start a line of its own (a forged `Response: 200`) or recolour and clear the screen.
enum LogText {
    /// `text` with line breaks (`\n`, `\r`, U+0085, U+2028, U+2029), escape and other control
    /// characters (C0 but the tab, DEL, C1) written `\n`, `\r` and `\u{1B}`; the rest as it is.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
