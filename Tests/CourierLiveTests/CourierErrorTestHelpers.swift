import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Result {
    /// The failure as a `CourierError`, or `nil` for a success or another error.
    var failureAsCourierError: CourierError? {
        guard case .failure(let error) = self else { return nil }
        return error as? CourierError
    }
}

extension CourierError {
    /// The name of the case, for readable expectations.
    var testCaseName: String {
        switch self {
        case .jsonMapping: "jsonMapping"
        case .stringMapping: "stringMapping"
        case .objectMapping: "objectMapping"
        case .encodableMapping: "encodableMapping"
        case .statusCode: "statusCode"
        case .underlying: "underlying"
        case .requestMapping: "requestMapping"
        case .parameterEncoding: "parameterEncoding"
        case .business: "business"
        case .payloadMissing: "payloadMissing"
        case .sessionExpired: "sessionExpired"
        }
    }
}
