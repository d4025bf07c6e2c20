import Courier
import Foundation

/// Holds the current ``AuthCredential`` and runs refreshes one at a time, for every call of
/// every provider that shares it.
///
/// Share one store per account: give it to ``TokenRefreshPlugin``, and update it at login and
/// logout.
///
/// ```swift
/// let tokens = TokenStore()
/// await tokens.update(AuthCredential(accessToken: login.accessToken, refreshToken: login.refreshToken))
/// ```
public actor TokenStore {
    /// The credential calls are sent with; `nil` when logged out.
    public private(set) var credential: AuthCredential?

    private var refreshing: Task<AuthCredential, any Error>?
    private var refreshTimes: [Date] = []
    private var expiryReported = false
    private var expiredResponse: Response?

    /// Creates a store.
    ///
    /// - Parameter credential: the credential to start with; `nil` (logged out) by default.
    public init(credential: AuthCredential? = nil) {
        self.credential = credential
    }

    /// The current access token, if any.
    public var accessToken: String? { credential?.accessToken }

    /// Replaces the credential (after a login, or `nil` at logout) and clears the expired state,
    /// so a later expiry is reported again.
    public func update(_ credential: AuthCredential?) {
        self.credential = credential
        expiryReported = false
        expiredResponse = nil
    }

    /// How recovery from a rejected token ended.
    enum Recovery: Equatable {
        /// A newer credential exists: send the call again.
        case replay
        /// No credential could be had; `report` is true the first time, so the app is told once.
        case expired(report: Bool)
    }

    /// The credential to send a call with: waits for a refresh in progress, and refreshes first
    /// when the credential expires within `leeway` seconds.
    ///
    /// - Throws: ``CourierError/sessionExpired(_:)`` when the refresh it waited for failed.
    func credentialForSending(
        proactiveLeeway leeway: TimeInterval?, window: RefreshWindow, refresh: @escaping TokenRefreshPlugin.Refresh
    ) async throws -> AuthCredential? {
        if let refreshing {
            return try await awaitRefresh(refreshing)
        }
        if let leeway, let credential, credential.expires(within: leeway),
            window.allows(after: refreshTimes, now: Date())
        {
            return try await awaitRefresh(startRefresh(from: credential, refresh: refresh))
        }
        return credential
    }

    /// Recovers after the server rejected `failedToken`: replays when a newer token exists (or
    /// another call's refresh succeeds), refreshes once otherwise.
    func recover(
        fromRejected failedToken: String?, response: Response, window: RefreshWindow,
        refresh: @escaping TokenRefreshPlugin.Refresh
    ) async -> Recovery {
        if let refreshing {
            return (try? await refreshing.value) != nil ? .replay : expire(response)
        }
        guard let credential else { return expire(response) }
        if credential.accessToken != failedToken { return .replay }
        guard window.allows(after: refreshTimes, now: Date()) else { return expire(response) }
        let task = startRefresh(from: credential, refresh: refresh)
        return (try? await task.value) != nil ? .replay : expire(response)
    }

    private func startRefresh(from credential: AuthCredential, refresh: @escaping TokenRefreshPlugin.Refresh)
        -> Task<AuthCredential, any Error>
    {
        refreshTimes.append(Date())
        let task = Task { try await refresh(credential) }
        refreshing = task
        Task { await self.settle(task) }
        return task
    }

    /// Stores the refresh's outcome once, whoever awaits it first.
    private func settle(_ task: Task<AuthCredential, any Error>) async {
        let result = await task.result
        guard refreshing == task else { return }
        refreshing = nil
        switch result {
        case .success(let fresh):
            credential = fresh
        case .failure:
            credential = nil
        }
    }

    private func awaitRefresh(_ task: Task<AuthCredential, any Error>) async throws -> AuthCredential {
        do {
            return try await task.value
        } catch {
            throw CourierError.sessionExpired(expiredResponse ?? Response(statusCode: 401, data: Data()))
        }
    }

    private func expire(_ response: Response) -> Recovery {
        expiredResponse = response
        let report = !expiryReported
        expiryReported = true
        return .expired(report: report)
    }
}
