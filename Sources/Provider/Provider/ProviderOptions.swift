import Foundation

/// Settings of a ``Provider`` beyond those of its initializer's first parameters.
///
/// ```swift
/// var options = ProviderOptions()
/// options.maximumAttempts = 5
/// let provider = Provider<MallAPI>(plugins: [RetryPlugin()], options: options)
/// ```
public struct ProviderOptions: Sendable {
    /// How many times a call is sent at most, the first attempt included, when plugins ask for
    /// retries; `3` by default.
    public var maximumAttempts: Int
    /// The decoder used by ``Provider/request(_:as:)`` and envelopes; a plain `JSONDecoder` by default.
    public var decoder: JSONDecoder
    /// Status codes that mean the session is no longer valid: a response with one of them fails
    /// with ``CourierError/sessionExpired(_:)`` whatever the target's validation, so token
    /// refresh can react. `[401]` by default; empty turns the rule off.
    public var sessionExpiredStatusCodes: Set<Int>
    /// The time limit of a whole call, in seconds, for targets that do not set their own through
    /// `TimeoutConfigurable`: from the plugins' `prepare` to the decoded result, retries, back-off
    /// waits, token refreshes and a wait for a free connection included. A call past it fails
    /// with `URLError(.timedOut)` (``CourierError/isTimeout``) at once, whatever it was waiting
    /// for. ``defaultTimeout`` (60 s) by default; `nil` or `.infinity` for no limit.
    ///
    /// Uploads and downloads are not held to this default (a large file may rightly take longer);
    /// a target's own `timeout` applies to them. Every request also carries the limit as its
    /// `timeoutInterval`, the longest silence a transport waits through.
    public var timeout: TimeInterval?
    /// Whether credentials (`Authorization`, `Proxy-Authorization`, `Cookie`, the cookies of the
    /// transport's cookie storage) may be sent over plain `http://` to a host other than
    /// loopback; `true` by default. When `false`, such a call fails with
    /// ``InsecureCredentialsError`` before anything is sent, also when a redirect leads to such a
    /// host with stored cookies for it.
    public var allowsCredentialsOverPlainHTTP: Bool
    /// The HTTP cache calls go through (``HTTPCache``); `nil` (the default) for none. Uploads and
    /// downloads never use it; stubbed calls do, as real ones (the stub answers below it).
    public var cache: HTTPCache?
    /// Public-key pins by host (``PublicKeyPins``), checked on every hop of every call whatever
    /// route it takes; none by default. A hop to a pinned host that would go where they cannot be
    /// checked (plain `http://`, a proxy, `URLSessionTransport` on Linux, an app's own transport)
    /// fails with ``TransportError/pinnedHostUnverifiable(host:)`` before anything is sent.
    public var pinnedPublicKeys: PublicKeyPins
    /// Header names the app's API uses for credentials, beyond those Courier knows
    /// (`Authorization`, `Cookie`, `X-API-Key`, anything with `token`, `secret`, `session`…);
    /// any case; none by default. A request that carries one is a credentialed request for every
    /// rule of the provider: the HTTP cache keeps its answers apart by the header's value, and
    /// serves none of them unless it stores credentialed answers, and with
    /// ``allowsCredentialsOverPlainHTTP`` off it is not sent in clear. Name them in
    /// ``SecretMasking`` too, for the logger and the recorder.
    public var credentialHeaderNames: Set<String> {
        get { credentialNames }
        set { credentialNames = Set(newValue.map { $0.lowercased() }) }
    }
    /// ``credentialHeaderNames``, lowercased.
    private(set) var credentialNames: Set<String> = []
    /// How a `.delayed` stub waits; `nil` (the default) sleeps. A test's own wait, which it
    /// releases itself, holds a stubbed call in flight without a clock.
    package var stubWait: (@Sendable (TimeInterval) async throws -> Void)?
    /// The clock of the provider's own waits: call deadlines and their wind-down, retry waits,
    /// delayed stubs and streams' idle limits. The system's by default; a test's ``ManualClock``
    /// makes them virtual time.
    package var clock = WaitClock.system

    /// The default time limit of a whole call: 60 seconds, the figure `URLSession` and Alamofire
    /// use for their request timeout, here counted over the whole call rather than between packets.
    public static let defaultTimeout: TimeInterval = 60

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumAttempts: attempts in all, at least 1; `3` by default.
    ///   - decoder: the JSON decoder; a plain `JSONDecoder()` by default.
    ///   - sessionExpiredStatusCodes: statuses that mean "log in again"; `[401]` by default.
    ///   - timeout: the default time limit of a whole call in seconds; ``defaultTimeout`` (60 s) by
    ///     default, `nil` or `.infinity` for none.
    ///   - allowsCredentialsOverPlainHTTP: whether credentials may go over plain HTTP to a host
    ///     other than loopback; `true` by default.
    public init(
        maximumAttempts: Int = 3, decoder: JSONDecoder = JSONDecoder(), sessionExpiredStatusCodes: Set<Int> = [401],
        timeout: TimeInterval? = ProviderOptions.defaultTimeout, allowsCredentialsOverPlainHTTP: Bool = true
    ) {
        self.cache = nil
        self.pinnedPublicKeys = .none
        self.stubWait = nil
        self.timeout = timeout
        self.allowsCredentialsOverPlainHTTP = allowsCredentialsOverPlainHTTP
        self.maximumAttempts = max(1, maximumAttempts)
        self.decoder = decoder
        self.sessionExpiredStatusCodes = sessionExpiredStatusCodes
    }
}
