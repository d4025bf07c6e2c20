import Foundation

/// How nested parameters become `key[sub]=value` leaves, and the text of each leaf.
extension URLEncoding {
    /// Calls `emit` with the unescaped key and text of every leaf of `value`, in output order.
    func flatten(key: String, value: Any, emit: (String, String) -> Void) {
        if let text = Self.plainLeafText(value, boolEncoding: boolEncoding) {
            emit(key, text)
            return
        }
        guard let value = unwrapped(value) else { return }

        // An NSNumber object (from JSONSerialization, Objective-C or `as NSNumber`) is checked
        // by its dynamic type first, so that Darwin's bridging cannot turn it into a Swift
        // `Bool`; its booleans are the shared `__NSCFBoolean` instances on every platform.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            let isBoolean = type(of: number) == type(of: NSNumber(value: true))
            emit(key, isBoolean ? boolEncoding.encode(value: number.boolValue) : number.description)
            return
        }

        switch value {
        case let string as String:
            emit(key, string)
        case let flag as Bool:
            emit(key, boolEncoding.encode(value: flag))
        case let decimal as Decimal:
            emit(key, decimal.description)
        case let integer as any BinaryInteger:
            emit(key, String(describing: integer))
        case let float as any BinaryFloatingPoint:
            emit(key, String(describing: float))
        case let dictionary as [String: Any]:
            for (nestedKey, nestedValue) in dictionary.sorted(by: { $0.key < $1.key }) {
                flatten(key: "\(key)[\(nestedKey)]", value: nestedValue, emit: emit)
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                flatten(key: arrayEncoding.encode(key: key, atIndex: index), value: element, emit: emit)
            }
        default:
            emit(key, String(describing: value))
        }
    }

    /// The text of a `String`, `Int`, `Double` or `Bool` leaf, told apart by its exact type; `nil`
    /// for anything else. Same text as the general path below, whose casts to protocols
    /// (`Optional`, `BinaryInteger`, …) look conformances up and cost more than the rest of the encoding.
    static func plainLeafText(_ value: Any, boolEncoding: BoolEncoding) -> String? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(String.self) { return value as? String }
        if type == ObjectIdentifier(Int.self) { return (value as? Int).map { String($0) } }
        if type == ObjectIdentifier(Double.self) { return (value as? Double).map { String(describing: $0) } }
        if type == ObjectIdentifier(Bool.self) { return (value as? Bool).map { boolEncoding.encode(value: $0) } }
        return nil
    }

    /// `value` with any levels of `Optional` removed; `nil` for `Optional.none` and `NSNull`.
    func unwrapped(_ value: Any) -> Any? {
        var current = value
        while let optional = current as? any OptionalParameter {
            guard let wrapped = optional.wrappedParameter else { return nil }
            current = wrapped
        }
        return current is NSNull ? nil : current
    }
}

/// Lets ``URLEncoding`` see through an `Optional` boxed in `Any`.
private protocol OptionalParameter {
    /// The wrapped value, or `nil`.
    var wrappedParameter: Any? { get }
}

extension Optional: OptionalParameter {
    fileprivate var wrappedParameter: Any? { map { $0 as Any } }
}
