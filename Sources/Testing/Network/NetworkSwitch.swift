import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A network a test takes away and gives back, to drive an app's offline behaviour (a
/// <doc:/Courier/RemoteValue> that shows what is stored, an <doc:/Courier/Outbox> that waits and
/// then sends) without a server or a sleep.
///
/// While the switch is down, every call through it fails as a device without a network does,
/// with `URLError(.notConnectedToInternet)`: the cache's offline fallback, `values(_:as:)` and the
/// outbox treat it as the network being gone. Up, calls go through as before.
///
/// ```swift
/// let network = NetworkSwitch()
/// let stubs = StubTransport()
/// stubs.when(FeedAPI.like(postID: 7)).respond(status: 201)
/// let api = Provider<FeedAPI>(transport: network.transport(stubs))
/// let outbox = Outbox(provider: api, directory: folder)
///
/// network.isDown = true
/// try await outbox.enqueue(.like(postID: 7))   // kept, not sent
/// network.isDown = false
/// outbox.sendNow()                              // what the app does when the network is back
/// ```
///
/// In stub mode (a provider whose `stubClosure` answers from `sampleData`), give the provider
/// ``endpointClosure(_:)`` instead: the samples answer while the switch is up.
public final class NetworkSwitch: Sendable {
    private let down: LockedState<Bool>

    /// Creates a switch, up unless `isDown` says otherwise.
    public init(isDown: Bool = false) {
        down = LockedState(isDown)
    }

    /// Whether the network is gone; set it to take it away or give it back.
    public var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }

    /// The error every call fails with while the switch is down.
    public static var offlineError: URLError { URLError(.notConnectedToInternet) }

    /// `transport` behind the switch: it sends as before while the switch is up, and nothing
    /// reaches it while it is down. What the provider's chain reads of `transport` (its redirect
    /// rules, its cookie storage, whether it answers from a test's stubs) is kept.
    public func transport(_ transport: any Transport) -> any Transport {
        if transport is any StubAnsweringTransport { return SwitchedStubTransport(wrapped: transport, network: self) }
        return SwitchedTransport(wrapped: transport, network: self)
    }

    /// An endpoint closure for stub mode: `endpoint`'s endpoints (the default mapping by default),
    /// whose samples answer while the switch is up and fail with ``offlineError`` while it is down.
    ///
    /// ```swift
    /// let api = Provider<FeedAPI>(endpointClosure: network.endpointClosure(), stubClosure: Provider.immediatelyStub)
    /// ```
    public func endpointClosure<Target: TargetType>(
        _ endpoint: @escaping @Sendable (Target) -> Endpoint = Provider<Target>.defaultEndpointMapping
    ) -> @Sendable (Target) -> Endpoint {
        { [self] target in
            let mapped = endpoint(target)
            let sample = mapped.sampleResponseClosure
            return mapped.replacing { [self] in isDown ? .networkError(Self.offlineError) : sample() }
        }
    }

    /// Throws ``offlineError`` while the switch is down.
    func check() throws {
        if isDown { throw Self.offlineError }
    }
}
