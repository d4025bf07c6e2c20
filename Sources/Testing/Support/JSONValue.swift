import Foundation

/// Any JSON value, decoded in one pass, compared by meaning and re-encoded with sorted keys.
///
/// Test support uses it to compare bodies (a target's JSON parameters against what was sent),
/// to store JSON bodies readably in recordings, and to mask secret members. Integers are kept
/// as `Int64` so that large identifiers survive a round trip exactly.
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Numbers are equal by value, whether they were written `1` or `1.0`.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.integer(let left), .double(let right)), (.double(let right), .integer(let left)):
            Double(left) == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }

    /// The JSON in `data`, or `nil` when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? {
        guard !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value as compact JSON with sorted keys, the same bytes for the same meaning.
    var canonicalData: Data {
        (try? Self.canonicalEncoder.encode(self)) ?? Data()
    }

    /// The value as indented JSON with sorted keys, as recordings store it.
    var prettyData: Data {
        (try? Self.prettyEncoder.encode(self)) ?? Data()
    }

    private static var canonicalEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static var prettyEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// Whether every member of `self` (an object) is in `other` with an equal value; for any
    /// other value, whether the two are equal.
    func isSubset(of other: JSONValue) -> Bool {
        guard case .object(let members) = self, case .object(let otherMembers) = other else { return self == other }
        return members.allSatisfy { otherMembers[$0.key] == $0.value }
    }
}
