import Foundation

/// PLACEHOLDER — being written for the envelopes issue.
public struct JSONEnvelope: ResponseEnvelope {
    /// The key of the business code.
    public let codeKey: String
    /// The key of the message.
    public let messageKey: String
    /// The key (or dot-separated path) of the payload.
    public let dataKey: String
    /// Codes that mean success.
    public let successCodes: Set<String>
    /// Codes that mean the session expired.
    public let expiredCodes: Set<String>

    /// Creates an envelope.
    public init(
        codeKey: String = "code", messageKey: String = "msg", dataKey: String = "data",
        successCodes: Set<String> = ["0"], expiredCodes: Set<String> = []
    ) {
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.dataKey = dataKey
        self.successCodes = successCodes
        self.expiredCodes = expiredCodes
    }

    /// Decodes the payload.
    public func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
        try KeyPathDecoded<T>.decode(from: response.data, keyPath: dataKey, using: decoder)
    }
}
