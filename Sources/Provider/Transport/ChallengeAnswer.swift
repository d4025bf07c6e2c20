import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSessionTransport`'s delegates answer an authentication challenge, one rule for data
/// calls and streams alike.
enum ChallengeAnswer {
    /// The disposition for `challenge`, and the `401` (or `407`) it carried when the call ends
    /// with that response instead.
    ///
    /// Certificate validation stays the system's: Courier never weakens it. Credentials are sent
    /// by plugins as headers, never through challenges; FoundationNetworking waits forever on a
    /// `401` challenge answered with default handling, so the challenge is cancelled and the
    /// response it carried is what the call returns (without its body, which FoundationNetworking
    /// never reads in that case).
    static func answer(
        to challenge: URLAuthenticationChallenge
    ) -> (disposition: URLSession.AuthChallengeDisposition, failure: HTTPURLResponse?) {
        #if !canImport(FoundationNetworking)
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                return (.performDefaultHandling, nil)
            }
        #endif
        return (.cancelAuthenticationChallenge, challenge.failureResponse as? HTTPURLResponse)
    }
}
