import Foundation

/// Why a ``StubTransport`` could not answer.
///
/// A provider hands it to the caller as `CourierError.underlying(error, nil)`; read it back
/// with `error.underlyingError as? StubTransportError`.
public enum StubTransportError: Error, Sendable, Equatable, LocalizedError {
    /// No stub matches the request, and the transport has no fallback.
    ///
    /// - Parameters:
    ///   - request: the request, such as `GET https://api.example.com/goods?page=2`.
    ///   - registeredStubs: what the registered stubs match, newest first.
    case noStub(request: String, registeredStubs: [String])
    /// A stubbed response could not be built.
    case cannotMakeResponse(status: Int, reason: String)
    /// A value given to ``StubAnswer/json(_:status:headers:encoder:)`` could not be encoded.
    case cannotEncode(String)
    /// ``SentRequest/decodeBody(_:using:)`` was called on a request that sent no body.
    case noBody(String)

    /// What went wrong and how to fix it.
    public var errorDescription: String? {
        switch self {
        case .noStub(let request, let registered):
            let known = registered.isEmpty ? "none" : registered.joined(separator: "; ")
            return "No stub answers \(request). Registered stubs (newest first): \(known). "
                + "Add one with stubs.when(…).respond(…)."
        case .cannotMakeResponse(let status, let reason):
            return "Cannot build the stubbed response with status \(status): \(reason)."
        case .cannotEncode(let reason):
            return "Cannot encode the stubbed JSON body: \(reason)."
        case .noBody(let request):
            return "\(request) was sent without a body."
        }
    }
}
