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

    private var refreshing: RefreshRun?
    private var nextRefreshID = 0
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
        /// The refresh did not end within its time limit: the call fails as it is, the session is
        /// not declared over, and the next call may try again.
        case timedOut
    }

    /// The credential to send a call with: waits for a refresh in progress, and refreshes first
    /// when the credential expires within `leeway` seconds.
    ///
    /// - Throws: ``CourierError/sessionExpired(_:)`` when the refresh it waited for failed, and a
    ///   timeout (``CourierError/isTimeout``) when it did not end within its time limit.
    func credentialForSending(
        proactiveLeeway leeway: TimeInterval?, window: RefreshWindow, limit: TimeInterval,
        refresh: @escaping TokenRefreshPlugin.Refresh
    ) async throws -> AuthCredential? {
        if refreshing != nil {
            return try await awaitRefresh()
        }
        if let leeway, let credential, credential.expires(within: leeway),
            window.allows(after: refreshTimes, now: Date())
        {
            startRefresh(from: credential, limit: limit, refresh: refresh)
            return try await awaitRefresh()
        }
        return credential
    }

    /// Recovers after the server rejected `failedToken`: replays when a newer token exists (or
    /// another call's refresh succeeds), refreshes once otherwise.
    func recover(
        fromRejected failedToken: String?, response: Response, window: RefreshWindow, limit: TimeInterval,
        refresh: @escaping TokenRefreshPlugin.Refresh
    ) async -> Recovery {
        if refreshing == nil {
            guard let credential else { return expire(response) }
            if credential.accessToken != failedToken { return .replay }
            guard window.allows(after: refreshTimes, now: Date()) else { return expire(response) }
            startRefresh(from: credential, limit: limit, refresh: refresh)
        }
        switch await outcomeOfRefresh() {
        case .success: return .replay
        case .failure(RefreshOutcomeError.timedOut): return .timedOut
        case .failure: return expire(response)
        }
    }

    /// Starts a refresh of `credential`, and a timer that abandons it after `limit` seconds.
    private func startRefresh(
        from credential: AuthCredential, limit: TimeInterval, refresh: @escaping TokenRefreshPlugin.Refresh
    ) {
        refreshTimes.append(Date())
        nextRefreshID += 1
        let id = nextRefreshID
        let work = Task {
            let outcome: Result<AuthCredential, any Error>
            do {
                outcome = .success(try await refresh(credential))
            } catch {
                outcome = .failure(error)
            }
            self.settle(id, outcome)
        }
        var timer: Task<Void, Never>?
        if limit.isFinite, limit < 1e9 {
            let nanoseconds = UInt64(max(0, limit) * 1e9)
            timer = Task {
                guard (try? await Task.sleep(nanoseconds: nanoseconds)) != nil else { return }
                self.settle(id, .failure(RefreshOutcomeError.timedOut))
            }
        }
        refreshing = RefreshRun(id: id, work: work, timer: timer)
    }

    /// Ends refresh `id` with `outcome` once, whichever of the refresh and its timer comes first,
    /// and hands the outcome to every call waiting for it.
    private func settle(_ id: Int, _ outcome: Result<AuthCredential, any Error>) {
        guard let run = refreshing, run.id == id else { return }
        refreshing = nil
        run.timer?.cancel()
        switch outcome {
        case .success(let fresh):
            credential = fresh
        case .failure(RefreshOutcomeError.timedOut):
            // The refresh may yet succeed or not: the credential stays, and the next call retries.
            run.work.cancel()
        case .failure:
            credential = nil
        }
        for waiter in run.waiters { waiter.resume(returning: outcome) }
    }

    /// Waits for the refresh in progress and returns how it ended.
    private func outcomeOfRefresh() async -> Result<AuthCredential, any Error> {
        await withCheckedContinuation { continuation in
            if refreshing == nil {
                continuation.resume(returning: .failure(RefreshOutcomeError.gone))
            } else {
                refreshing?.waiters.append(continuation)
            }
        }
    }

    private func awaitRefresh() async throws -> AuthCredential {
        switch await outcomeOfRefresh() {
        case .success(let credential):
            return credential
        case .failure(RefreshOutcomeError.timedOut):
            throw CourierError.underlying(URLError(.timedOut), expiredResponse)
        case .failure:
            throw CourierError.sessionExpired(expiredResponse ?? Response(statusCode: 401, data: Data()))
        }
    }

    /// Ends the session because a call that sent no token was answered "session expired": the
    /// credential is dropped (a refresh could not have helped that call). Returns whether the app
    /// is to be told, which is true once until the next ``update(_:)``.
    func endSession(answering response: Response) -> Bool {
        credential = nil
        guard case .expired(let report) = expire(response) else { return false }
        return report
    }

    private func expire(_ response: Response) -> Recovery {
        expiredResponse = response
        let report = !expiryReported
        expiryReported = true
        return .expired(report: report)
    }
}

/// A refresh in progress, and the calls waiting for it.
private struct RefreshRun {
    let id: Int
    let work: Task<Void, Never>
    let timer: Task<Void, Never>?
    var waiters: [CheckedContinuation<Result<AuthCredential, any Error>, Never>] = []
}

/// Why a refresh gave no credential, beyond the refresh's own error.
private enum RefreshOutcomeError: Error {
    /// It did not end within its time limit.
    case timedOut
    /// It had ended before the call came to wait for it.
    case gone
}
