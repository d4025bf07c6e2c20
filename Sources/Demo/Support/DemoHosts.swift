import Foundation

/// Where the demo's three APIs live; `--base-url` sends all three to one server instead.
enum DemoHosts {
    // Literal URLs: known valid, so unwrapping them cannot fail.
    static let mall = URL(string: "https://mall.example.com")!
    static let rank = URL(string: "https://box.example.com/v1")!
    static let live = URL(string: "https://live.example.com/api")!
    /// The ranking API's key.
    static let rankKey = "demo-key-5f2b"
}

/// Builds sample bodies the way the backends send them.
enum DemoJSON {
    static func envelope<Payload: Encodable>(_ fields: [String: any Sendable], data: Payload?) -> Data {
        var object: [String: Any] = fields
        if let data, let encoded = try? JSONEncoder().encode(data),
            let json = try? JSONSerialization.jsonObject(with: encoded, options: .fragmentsAllowed)
        {
            object["data"] = json
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
