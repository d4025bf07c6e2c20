import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the app to its login screen once when the session ends, for backends that have no
/// refresh token: the call fails with `CourierError.sessionExpired` (HTTP `401`, an envelope's
/// expired code, a bare "please to login" body) and nothing can renew it.
///
/// ```swift
/// let session = SessionExpiryPlugin { Task { @MainActor in router.showLogin() } }
/// let shop = Provider<ShopAPI>(plugins: [AccessTokenPlugin { _ in keychain.token }, session],
///                              envelope: ShopEnvelope())
/// // After the user logged in again:
/// session.sessionDidStart()
/// ```
///
/// - **Once, however many calls fail at once.** Five calls that all come back expired fail with
///   `.sessionExpired`, and `onSessionExpired` runs for the first of them only.
/// - **Calls made while the session is known to be over fail at once**, with the same
///   `.sessionExpired` and without being sent, when their target adopts
///   `AccessTokenAuthorizable` with a non-`nil` `authorizationType`: sending them could only be
///   refused again. Other targets (the login call, public pages) are sent as usual.
/// - **Re-armed by ``sessionDidStart()``**, which the app calls after a successful login: the next
///   expiry is reported again. An answer to a call sent before that login (the old session's, still
///   in flight) fails its call but does not end the new session.
/// - An expired answer from any target ends the session, public targets included: the backend
///   says the account's session is over, whichever call it said it to.
///
/// It decides on each call's final outcome (`didFinish`), after retries, and keeps its state in the
/// plugin value: give the same value to every provider of the account.
///
/// A plugin of its own rather than a mode of `TokenRefreshPlugin`: that one needs a `TokenStore`
/// holding a credential and a refresh closure, and replays calls; here the token may live
/// anywhere (a keychain, a cookie), nothing is replayed, and the only state is "over or not".
/// Use `TokenRefreshPlugin` alone when the backend can refresh, since it already reports the end of
/// the session once.
public struct SessionExpiryPlugin: PluginType {
    private let state = LockedValue(SessionState())
    private let onSessionExpired: @Sendable () -> Void

    /// Creates the plugin.
    ///
    /// - Parameter onSessionExpired: the app's "go to login"; runs once per session, on the task
    ///   that finished the call, before that call's caller gets its error. Hop to the main actor
    ///   for UI work.
    public init(onSessionExpired: @escaping @Sendable () -> Void) {
        self.onSessionExpired = onSessionExpired
    }

    /// Whether a call found the session over since the last ``sessionDidStart()``.
    public var isSessionExpired: Bool { state.withLock { $0.expiredBy != nil } }

    /// Starts a new session: call it after the user logged in again. Calls are sent again, and the
    /// next expired answer runs `onSessionExpired` again.
    public func sessionDidStart() {
        state.withLock { state in
            state.expiredBy = nil
            state.generation += 1
        }
    }

    /// Fails a call that needs the session while it is over; otherwise notes which session the
    /// call belongs to.
    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        let needsSession = Self.needsSession(target)
        let call = CallContext.current?.id
        let expiredBy = state.withLock { state -> Response? in
            if needsSession, let response = state.expiredBy { return response }
            if let call { state.calls[call] = state.generation }
            return nil
        }
        if let expiredBy { throw CourierError.sessionExpired(expiredBy) }
        return request
    }

    /// Ends the session when a call's final outcome is an expired session, and reports it once.
    public func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        let call = CallContext.current?.id
        let report = state.withLock { state -> Bool in
            let generation = call.flatMap { state.calls.removeValue(forKey: $0) } ?? state.generation
            guard case .failure(.sessionExpired(let response)) = result, generation == state.generation,
                state.expiredBy == nil
            else { return false }
            state.expiredBy = response
            return true
        }
        if report { onSessionExpired() }
    }

    private static func needsSession(_ target: any TargetType) -> Bool {
        (MultiTarget.unwrap(target) as? any AccessTokenAuthorizable)?.authorizationType != nil
    }
}

/// Whether the session is over, and which session each call in flight was sent in.
private struct SessionState: Sendable {
    /// The answer that ended the session; `nil` while it lasts.
    var expiredBy: Response?
    /// Counts the sessions ``SessionExpiryPlugin/sessionDidStart()`` started.
    var generation = 0
    /// The session of each call between its `prepare` and its `didFinish`, by call id.
    var calls: [UInt64: Int] = [:]
}
