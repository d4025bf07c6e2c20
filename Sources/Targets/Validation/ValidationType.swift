/// Which HTTP status codes a target accepts; any other status fails the call with
/// `CourierError.statusCode`, carrying the response and its body.
///
/// ```swift
/// var validationType: ValidationType { .successCodes }
/// ```
public enum ValidationType: Sendable, Hashable {
    /// Every status is accepted (the default).
    case none
    /// `200...299`.
    case successCodes
    /// `200...399`.
    case successAndRedirectCodes
    /// Exactly these codes.
    case customCodes([Int])

    /// The accepted codes; empty for `.none`, which accepts everything.
    public var statusCodes: [Int] {
        switch self {
        case .none: []
        case .successCodes: Array(200..<300)
        case .successAndRedirectCodes: Array(200..<400)
        case .customCodes(let codes): codes
        }
    }

    /// Whether `statusCode` passes this validation.
    package func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: true
        case .successCodes: (200..<300).contains(statusCode)
        case .successAndRedirectCodes: (200..<400).contains(statusCode)
        case .customCodes(let codes): codes.contains(statusCode)
        }
    }
}
