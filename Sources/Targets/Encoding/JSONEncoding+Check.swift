import Foundation

extension JSONEncoding {
    /// What in `object` JSON cannot hold, each named by its path and type (never its value):
    /// values JSON has no form for, and objects or arrays nested deeper than ``maximumDepth``.
    /// Empty when every value can be written.
    ///
    /// One walk, each value visited once and each leaf checked alone: asking `JSONSerialization`
    /// about every subtree on the way down costs the depth times the size, which deep nesting
    /// turns into minutes.
    static func problems(in object: [String: Any]) -> [String] {
        var findings: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            check(value, path: key, depth: 2, into: &findings)
        }
        return findings
    }

    /// Checks `value`, which sits `depth` levels deep (the parameters being the first), and what
    /// it holds.
    private static func check(_ value: Any, path: String, depth: Int, into findings: inout [String]) {
        if let dictionary = value as? [String: Any] {
            guard depth <= maximumDepth else { return findings.append(tooDeep(path)) }
            for (key, nested) in dictionary.sorted(by: { $0.key < $1.key }) {
                check(nested, path: "\(path).\(key)", depth: depth + 1, into: &findings)
            }
        } else if let array = value as? [Any] {
            guard depth <= maximumDepth else { return findings.append(tooDeep(path)) }
            for (index, element) in array.enumerated() {
                check(element, path: "\(path)[\(index)]", depth: depth + 1, into: &findings)
            }
        } else if !JSONSerialization.isValidJSONObject([value]) {
            findings.append("`\(path)` (\(typeDescription(of: value)))")
        }
    }

    /// The finding for nesting too deep at `path`, the path cut short: its start says where.
    private static func tooDeep(_ path: String) -> String {
        let shown = path.count > 64 ? "\(path.prefix(64))…" : path
        return "`\(shown)` (nested deeper than \(maximumDepth) levels)"
    }

    /// The Swift type of `value`, noting a non-finite floating-point number.
    private static func typeDescription(of value: Any) -> String {
        let typeName = String(describing: type(of: value))
        if let number = value as? any BinaryFloatingPoint, !number.isFinite {
            return "\(typeName), not finite"
        }
        return typeName
    }
}
