import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which chain a call goes down: the provider's, or for a call the stub closure stubs (`.immediate`
/// or `.delayed`), the same chain with the endpoint's sample response in the transport's place
/// (``SampleTransport``): the stub answers one hop, and everything above it runs as for a real call.
///
/// A provider whose transport answers from a test's stubs (CourierTesting's `StubTransport`) does
/// not stub from `sampleData`: that would silently ignore the test's stubs. Such a call fails with
/// ``CourierError/requestMapping(_:)``, whose message says what happened and how to fix it, and the
/// transport is not asked.
extension Provider {
    /// The chain a call of `target` goes down, as the stub closure decides.
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` for a stubbed call in front of a test's stubs.
    @inline(__always)
    func chain(for target: Target, endpoint: Endpoint) throws(CourierError) -> CallChain {
        let delay: TimeInterval?
        switch stubClosure(target) {
        case .never: return chain
        case .immediate: delay = nil
        case .delayed(let seconds): delay = seconds
        }
        if answersFromTestStubs { throw .requestMapping(Self.stubConflict(target, delay: delay)) }
        let stub = SampleTransport(
            sample: endpoint.sampleResponseClosure, delay: delay, wait: options.stubWait, clock: options.clock)
        return chain.answering(with: stub)
    }

    private static func stubConflict(_ target: Target, delay: TimeInterval?) -> String {
        let behavior = delay.map { ".delayed(seconds: \($0))" } ?? ".immediate"
        return "the provider's stubClosure answered \(behavior) for \(target), so the call would be answered "
            + "from the target's sampleData and the StubTransport given as the provider's transport would never "
            + "be asked. Leave stubClosure at its default, Provider.neverStub, to answer from the StubTransport "
            + "(StubAnswer.delayed(by:) adds a delay; StubAnswer.sampleData(of:) answers with the sample)"
    }
}

/// A transport whose answers are a test's own stubs, such as CourierTesting's `StubTransport`:
/// a provider does not stub a call from `sampleData` in front of it, it fails the call and says why.
package protocol StubAnsweringTransport: Transport {}
