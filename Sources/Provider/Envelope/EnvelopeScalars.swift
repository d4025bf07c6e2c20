/// A code or message as the backend sends it, kept as text: `0`, `"0"` and `0.0` all read as
/// `"0"`; `200` and `"200"` as `"200"`; `true` as `"true"`.
struct ScalarText: Decodable, Hashable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Integers first: most codes are numbers, and each failed attempt builds a DecodingError
        // with its message, which costs more than the rest of the envelope check.
        if let integer = try? container.decode(Int64.self) {
            text = String(integer)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else if let unsigned = try? container.decode(UInt64.self) {
            text = String(unsigned)
        } else if let number = try? container.decode(Double.self) {
            text = Self.text(of: number)
        } else if let bool = try? container.decode(Bool.self) {
            text = String(bool)
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Expected a string, a number or a boolean."))
        }
    }

    /// `200.0` is `"200"`, so a code sent as a float still matches; other numbers keep their fraction.
    private static func text(of number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

/// A success flag as the backend sends it: `true`/`false`, `1`/`0`, or those as strings.
struct SuccessFlag: Decodable, Hashable, Sendable {
    let value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
            return
        }
        if let number = try? container.decode(Int.self) {
            value = number != 0
            return
        }
        switch (try? container.decode(String.self))?.lowercased() {
        case "true", "1", "yes": value = true
        case "false", "0", "no": value = false
        default:
            throw DecodingError.typeMismatch(
                Bool.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Expected a boolean success flag."))
        }
    }
}
