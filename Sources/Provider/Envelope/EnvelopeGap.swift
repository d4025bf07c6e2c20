/// A key an envelope looked for and did not find, kept with the response so that the error's
/// description can name it: a misconfigured envelope then says which key it expected instead of
/// reading as the server's failure.
enum EnvelopeGap: Sendable, Equatable {
    /// The payload key (or path) is absent or `null`: the body of ``CourierError/payloadMissing(_:)``.
    case payload(key: String)
    /// A failure carries no message at the message key (or path).
    case message(key: String)

    /// The sentence an error description ends with.
    var explanation: String {
        switch self {
        case .payload(let key): "the body has no `\(key)`, or it is null"
        case .message(let key): "the body has no message at `\(key)`"
        }
    }
}
