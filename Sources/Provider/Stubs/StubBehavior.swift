import Foundation

/// Whether a call is stubbed, and how.
///
/// ```swift
/// let provider = Provider<MallAPI>(stubClosure: Provider.immediatelyStub)
/// ```
public enum StubBehavior: Sendable, Equatable {
    /// Send the request over the network.
    case never
    /// Answer at once from the endpoint's sample response.
    case immediate
    /// Answer from the sample response after this many seconds; cancellation ends the wait.
    case delayed(seconds: TimeInterval)
}
