import Foundation

/// What a login or a refresh returns: the access token sent with calls, the refresh token that
/// buys a new one, and when the access token stops working.
///
/// ```swift
/// let credential = AuthCredential(accessToken: "tok-1", refreshToken: "ref-1",
///                                 expiresAt: Date().addingTimeInterval(3600))
/// ```
public struct AuthCredential: Sendable, Equatable {
    /// Sent in the `Authorization` header.
    public var accessToken: String
    /// Exchanged for a new credential when the access token expires; `nil` when the backend has none.
    public var refreshToken: String?
    /// When the access token expires, if the backend says.
    public var expiresAt: Date?

    /// Creates a credential.
    ///
    /// - Parameters:
    ///   - accessToken: the token sent with calls.
    ///   - refreshToken: the token a refresh needs; `nil` by default.
    ///   - expiresAt: when the access token expires; `nil` (unknown) by default.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Whether the access token expires within `interval` seconds from `now`; `false` when unknown.
    public func expires(within interval: TimeInterval, now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= interval
    }
}
