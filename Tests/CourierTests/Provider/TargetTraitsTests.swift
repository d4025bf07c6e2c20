import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider asks its target type once, not every call, whether targets may carry a timeout
/// or an envelope override; these tests pin down that the answers stay right for every kind of
/// target type, and that a target's sample data is read only when a call is stubbed.
@Suite("Target traits")
struct TargetTraitsTests {
    private struct PlainTarget: TargetType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/plain" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    private struct SlowTarget: TimeoutConfigurable {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/slow" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var timeout: TimeInterval? { 45 }
    }

    /// A class target: its subclasses may conform to protocols the class itself does not.
    private class ClassTarget: TargetType, @unchecked Sendable {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/class" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    private final class PatientTarget: ClassTarget, TimeoutConfigurable, @unchecked Sendable {
        var timeout: TimeInterval? { 42 }
    }

    private final class RawTarget: ClassTarget, EnvelopeOverriding, @unchecked Sendable {
        var envelope: EnvelopeOverride { .raw }
    }

    /// Counts how often its sample data is read.
    private struct CountingTarget: TargetType {
        static let reads = LockedState(0)
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/counted" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var sampleData: Data {
            Self.reads.withLock { $0 += 1 }
            return Data(#"{"ok":true}"#.utf8)
        }
    }

    @Test("a plain target type is asked nothing per call; a conforming one is")
    func staticTraits() {
        let plain = TargetTraits(PlainTarget.self)
        #expect(!plain.asksEachTarget && !plain.mayHaveTimeout && !plain.mayOverrideEnvelope)
        let slow = TargetTraits(SlowTarget.self)
        #expect(!slow.asksEachTarget && slow.mayHaveTimeout && !slow.mayOverrideEnvelope)
    }

    @Test("MultiTarget and class targets are asked every call")
    func dynamicTraits() {
        for traits in [TargetTraits(MultiTarget.self), TargetTraits(ClassTarget.self)] {
            #expect(traits.asksEachTarget && traits.mayHaveTimeout && traits.mayOverrideEnvelope)
        }
    }

    @Test("a timeout still applies through MultiTarget and on a subclass that adds it")
    func timeoutsStillApply() async throws {
        let transport = ScriptedTransport(status: 200)
        let multi = Provider<MultiTarget>(transport: transport)
        _ = try await multi.request(MultiTarget(SlowTarget()))
        _ = try await multi.request(MultiTarget(PlainTarget()))
        let classes = Provider<ClassTarget>(transport: transport)
        _ = try await classes.request(PatientTarget())
        _ = try await classes.request(ClassTarget())
        let timeouts = transport.requests.map(\.urlRequest.timeoutInterval)
        #expect(timeouts == [45, 60, 42, 60])
    }

    @Test("an envelope override on a subclass still applies")
    func overrideOnSubclass() async throws {
        let body = Data(#"{"code":1,"msg":"refused"}"#.utf8)
        let provider = Provider<ClassTarget>(
            transport: ScriptedTransport(status: 200, body: body), envelope: JSONEnvelope())
        await #expect(throws: CourierError.self) { try await provider.request(ClassTarget()) }
        let raw = try await provider.request(RawTarget())
        #expect(raw.data == body)
    }

    @Test("sample data is read only when a call is stubbed")
    func sampleDataIsLazy() async throws {
        let live = Provider<CountingTarget>(transport: ScriptedTransport(status: 200))
        _ = try await live.request(CountingTarget())
        _ = try await live.request(CountingTarget())
        #expect(CountingTarget.reads.withLock { $0 } == 0)

        let stubbed = Provider<CountingTarget>(stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let response = try await stubbed.request(CountingTarget())
        #expect(response.data == Data(#"{"ok":true}"#.utf8))
        #expect(CountingTarget.reads.withLock { $0 } == 1)
    }
}
