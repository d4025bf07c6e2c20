import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sets the `Authorization` header of every call whose target asks for one: Moya's
/// `AccessTokenPlugin`, plus a token source that may be `async` and may throw.
///
/// ```swift
/// let auth = AccessTokenPlugin { _ in Session.current.token }
/// let provider = Provider<MallAPI>(plugins: [auth])
///
/// // Or read the token from an actor (a keychain, a store shared with a refresh flow):
/// let storeAuth = AccessTokenPlugin(tokenSource: { _ in try await tokenStore.currentToken() })
/// ```
///
/// Only targets that conform to <doc:/Courier/AccessTokenAuthorizable> and whose `authorizationType`
/// is not `nil` get the header; a `MultiTarget` is seen through, and the token closure
/// receives the real target. The header is replaced, never duplicated, whatever the case of
/// one already there. Because `prepare` runs again on every attempt, a retried call carries
/// the token current at that moment.
///
/// An empty token means there is none (the user is logged out): the request is left as it
/// is. A token source that throws ends the call before it is sent, with
/// `CourierError.underlying(error, nil)`.
public struct AccessTokenPlugin: PluginType {
    /// Moya's token closure: the current token for a target.
    public typealias TokenClosure = @Sendable (_ target: any TargetType) -> String
    /// An asynchronous, throwing source of the current token for a target.
    public typealias TokenSource = @Sendable (_ target: any TargetType) async throws -> String

    /// Where the token comes from. A synchronous closure is kept as it is rather than wrapped in
    /// an `async` one, so the usual case costs no asynchronous call.
    private enum Source: Sendable {
        case closure(TokenClosure)
        case asynchronous(TokenSource)
    }

    private let source: Source

    /// Creates the plugin with Moya's synchronous token closure.
    ///
    /// - Parameter tokenClosure: returns the current token; called once per attempt, only for
    ///   targets that want a token.
    public init(tokenClosure: @escaping TokenClosure) {
        self.source = .closure(tokenClosure)
    }

    /// Creates the plugin with an asynchronous token source.
    ///
    /// - Parameter tokenSource: returns the current token, or throws to stop the call; called
    ///   once per attempt, only for targets that want a token.
    public init(tokenSource: @escaping TokenSource) {
        self.source = .asynchronous(tokenSource)
    }

    /// Sets `Authorization: <scheme> <token>` when the target asks for it.
    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        let target = MultiTarget.unwrap(target)
        guard let authorizable = target as? any AccessTokenAuthorizable,
            let authorizationType = authorizable.authorizationType
        else { return request }
        let token =
            switch source {
            case .closure(let closure): closure(target)
            case .asynchronous(let tokenSource): try await tokenSource(target)
            }
        guard !token.isEmpty else { return request }
        var request = request
        // Any spelling of the name counts as the same header: drop them all, then set one.
        try request.replaceHeaderField("Authorization", value: authorizationType.headerValue(for: token))
        return request
    }

    /// The token of `.basic` authorization: the Base64 of `user:password`.
    ///
    /// ```swift
    /// AccessTokenPlugin { _ in AccessTokenPlugin.basicToken(user: "user", password: "pass") }
    /// ```
    public static func basicToken(user: String, password: String) -> String {
        Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
