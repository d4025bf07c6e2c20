import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the stored access token with every call that needs one, and when the session expires
/// mid-call, refreshes the token once and replays the call.
///
/// A call fails with `CourierError.sessionExpired` on HTTP `401`, an envelope's expired
/// code, or a "please log in" body (see `JSONEnvelope`). The plugin then:
///
/// - runs ONE refresh however many calls failed at once; calls that start meanwhile wait for it
///   instead of going out with the stale token; all of them are replayed with the new token;
/// - replays without refreshing a call that failed with an older token than the current one;
/// - when the refresh fails (or the ``RefreshWindow`` is exhausted), fails every waiting call
///   with `.sessionExpired` and calls `onSessionExpired` once — the app's "go to login";
/// - optionally refreshes before sending when the credential expires within `proactiveRefreshLeeway`;
/// - abandons a refresh that takes longer than `refreshTimeout` (30 s by default): the calls
///   waiting for it fail as they are, the credential is kept, and the next call may try again.
///   Each call also ends at its own deadline (`ProviderOptions.timeout`) or cancellation, however
///   long the refresh it waits for takes.
///
/// It sends the token to targets that adopt `AccessTokenAuthorizable` with a non-nil
/// `authorizationType`; a login or refresh endpoint returns `nil` there.
///
/// An expired answer from any other target (a public one, which sent no token) ends the session
/// too: the backend says the account's session is over, whichever call it said it to, and a
/// refresh cannot help a call that sent no token. Such a call is not replayed: the credential is
/// dropped, the call fails with `.sessionExpired`, and `onSessionExpired` runs, once as above.
/// A target that needs the session declares an `authorizationType`, so that its expiry is
/// refreshed instead.
///
/// ```swift
/// let tokens = TokenStore(credential: savedCredential)
/// let auth = TokenRefreshPlugin(
///     store: tokens,
///     refresh: { old in try await AuthClient.refresh(using: old.refreshToken) },
///     onSessionExpired: { Task { @MainActor in router.showLogin() } })
/// let provider = Provider<MallAPI>(plugins: [auth])
/// ```
///
/// Replays count against the provider's `ProviderOptions.maximumAttempts` (3 by default).
public struct TokenRefreshPlugin: PluginType {
    /// Exchanges an expired credential for a new one; throws when the backend refuses.
    public typealias Refresh = @Sendable (_ expired: AuthCredential) async throws -> AuthCredential

    /// The shared credential store.
    public let store: TokenStore
    /// The limit on refreshes.
    public let window: RefreshWindow
    /// Refresh before sending when the credential expires within this many seconds; `nil` turns it off.
    public let proactiveRefreshLeeway: TimeInterval?
    /// How long a refresh may take, in seconds, before it is abandoned: the calls waiting for it
    /// fail with a timeout, the credential is kept, and the next call may refresh again.
    public let refreshTimeout: TimeInterval
    private let refresh: Refresh
    private let onSessionExpired: @Sendable () -> Void

    /// The default ``refreshTimeout``: 30 seconds, half the provider's default call deadline, so a
    /// call that waited for a hung refresh still has time to be replayed.
    public static let defaultRefreshTimeout: TimeInterval = 30

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - store: the credential store shared by every provider of the account.
    ///   - window: at most this many refreshes per interval; `RefreshWindow()` (3 in 30 s) by default.
    ///   - proactiveRefreshLeeway: refresh ahead when the credential expires within this many
    ///     seconds; `nil` (off) by default.
    ///   - refreshTimeout: how long a refresh may take before it is abandoned; ``defaultRefreshTimeout``
    ///     (30 s) by default, `.infinity` for no limit.
    ///   - refresh: exchanges the expired credential for a new one.
    ///   - onSessionExpired: called once when no new credential can be had; does nothing by default.
    public init(
        store: TokenStore, window: RefreshWindow = RefreshWindow(), proactiveRefreshLeeway: TimeInterval? = nil,
        refreshTimeout: TimeInterval = TokenRefreshPlugin.defaultRefreshTimeout,
        refresh: @escaping Refresh, onSessionExpired: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.refreshTimeout = refreshTimeout
        self.window = window
        self.proactiveRefreshLeeway = proactiveRefreshLeeway
        self.refresh = refresh
        self.onSessionExpired = onSessionExpired
    }

    /// Sets `Authorization` from the store, after any refresh in progress.
    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let type = Self.authorizationType(of: target) else { return request }
        guard
            let credential = try await store.credentialForSending(
                proactiveLeeway: proactiveRefreshLeeway, window: window, limit: refreshTimeout, refresh: refresh)
        else { return request }
        var request = request
        try request.replaceHeaderField("Authorization", value: type.headerValue(for: credential.accessToken))
        return request
    }

    /// Refreshes (once for all concurrent calls) and replays a call whose session expired; ends the
    /// session when the call sent no token.
    public func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        guard case .sessionExpired(let response) = error else { return .doNotRetry }
        guard let type = Self.authorizationType(of: target) else {
            if await store.endSession(answering: response) { onSessionExpired() }
            return .doNotRetry
        }
        let sentToken = Self.token(in: request.value(forHTTPHeaderField: "Authorization"), type: type)
        let recovery = await store.recover(
            fromRejected: sentToken, response: response, window: window, limit: refreshTimeout, refresh: refresh)
        switch recovery {
        case .replay:
            return .retry
        case .timedOut:
            return .doNotRetry
        case .expired(let report):
            if report { onSessionExpired() }
            return .doNotRetry
        }
    }

    static func authorizationType(of target: any TargetType) -> AuthorizationType? {
        (MultiTarget.unwrap(target) as? any AccessTokenAuthorizable)?.authorizationType
    }

    static func token(in header: String?, type: AuthorizationType) -> String? {
        guard let header else { return nil }
        let prefix = type.headerValue(for: "")
        return header.hasPrefix(prefix) ? String(header.dropFirst(prefix.count)) : header
    }
}
