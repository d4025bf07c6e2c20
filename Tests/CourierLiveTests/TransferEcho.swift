import Foundation

/// What httpbin's `/anything` echoes.
struct TransferEcho: Decodable {
    /// A form value: one string, or a list when a name was repeated.
    enum Value: Decodable, Equatable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .one(text)
            } else {
                self = .many(try container.decode([String].self))
            }
        }
    }

    var args: [String: Value]
    var form: [String: Value]
    var files: [String: Value]
    var data: String
    var headers: [String: String]
    var method: String
}

/// What the scenario server's `/echo` answers.
struct TransferRawEcho: Decodable {
    var body: String
    var bodyLength: Int
}
