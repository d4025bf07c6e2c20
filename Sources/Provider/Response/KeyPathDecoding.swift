import Foundation

/// A coding key made from any string or index, for walking JSON whose keys are known only at run time.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's text.
    package let stringValue: String
    /// The key's index, for array positions.
    package let intValue: Int?

    /// A key for `stringValue`.
    package init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key for `stringValue`.
    package init?(stringValue: String) {
        self.init(stringValue)
    }

    /// A key for an array position.
    package init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A dot-separated key path (`result.list`) split into the keys ``KeyPathDecoded`` walks.
enum KeyPathComponents {
    static func components(of keyPath: String) -> [String] {
        keyPath.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }

    /// The components of `keyPath` as `decoder` names them. A key path names the JSON's own
    /// keys (`result_list.item_id`, as in Moya), while a decoder with a key decoding strategy
    /// looks keys up by their converted names (`resultList`), so each component is converted
    /// the way the decoder converts the document's keys.
    static func components(of keyPath: String, decodedBy decoder: JSONDecoder) -> [String] {
        let raw = components(of: keyPath)
        if case .convertFromSnakeCase = decoder.keyDecodingStrategy {
            return raw.map(convertedFromSnakeCase)
        }
        if case .custom(let convert) = decoder.keyDecodingStrategy {
            var converted: [AnyCodingKey] = []
            for component in raw {
                converted.append(AnyCodingKey(convert(converted + [AnyCodingKey(component)]).stringValue))
            }
            return converted.map(\.stringValue)
        }
        return raw
    }

    /// `key` as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts it, asked of
    /// Foundation itself so that the two never disagree.
    private static func convertedFromSnakeCase(_ key: String) -> String {
        let probe = JSONDecoder()
        probe.keyDecodingStrategy = .convertFromSnakeCase
        guard let document = try? JSONEncoder().encode([key: 0]),
            let converted = try? probe.decode(FirstKey.self, from: document).name
        else { return key }
        return converted
    }

    /// The first key of a JSON object, as the decoder names it.
    private struct FirstKey: Decodable {
        let name: String?

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.first?.stringValue
        }
    }
}

/// Decodes the value at a dot-separated key path (`result.list`) in the same pass that
/// parses the document: no `JSONSerialization`, no re-encoding, no KVC.
///
/// The path is the decode's configuration (`JSONDecoder.decode(_:from:configuration:)`), so a
/// shared `JSONDecoder` is never mutated to carry it.
struct KeyPathDecoded<Value: Decodable>: DecodableWithConfiguration {
    let value: Value

    init(from decoder: any Decoder, configuration path: [String]) throws {
        guard let last = path.last else {
            value = try decoder.singleValueContainer().decode(Value.self)
            return
        }
        var container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in path.dropLast() {
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
        }
        let key = AnyCodingKey(last)
        // An optional at a missing last key is `nil`, as a synthesized optional property would be.
        if let optional = Value.self as? any OptionalDecodable.Type, !container.contains(key),
            let none = optional.none as? Value
        {
            value = none
            return
        }
        value = try container.decode(Value.self, forKey: key)
    }

    static func decode(from data: Data, keyPath: String?, using decoder: JSONDecoder) throws -> Value {
        let components = keyPath.map { KeyPathComponents.components(of: $0, decodedBy: decoder) } ?? []
        if components.isEmpty {
            return try decoder.decode(Value.self, from: data)
        }
        return try decoder.decode(KeyPathDecoded<Value>.self, from: data, configuration: components).value
    }
}

/// `Optional`, seen through a generic `Value`: lets a key-path decode answer `nil`.
private protocol OptionalDecodable {
    static var none: Self { get }
}

/// The `none` case is the requirement's witness.
extension Optional: OptionalDecodable {}

extension DecodingError {
    /// Whether the error says the bytes are not JSON at all, as opposed to JSON of another shape.
    var isInvalidJSON: Bool {
        guard case .dataCorrupted(let context) = self, context.codingPath.isEmpty else { return false }
        return context.underlyingError != nil || context.debugDescription.contains("valid JSON")
    }
}
