import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#else
    import Security
#endif

/// How `URLSessionTransport`'s delegates answer an authentication challenge, one rule for data
/// calls and streams alike.
enum ChallengeAnswer {
    /// What a challenge is answered with, and how the call ends when it is refused.
    struct Answer {
        var disposition: URLSession.AuthChallengeDisposition
        var credential: URLCredential? = nil
        /// The `401` (or `407`) the challenge carried, when the call ends with that response.
        var failureResponse: HTTPURLResponse? = nil
        /// Why the call fails, when the challenge was refused for a reason of Courier's.
        var failure: (any Error)? = nil
    }

    /// The answer to `challenge` for a request that carries `pins` (``TransportRequest/pinnedPublicKeys``).
    ///
    /// Certificate validation stays the system's: Courier never weakens it. A pinned host's
    /// server-trust challenge (Apple platforms) is answered only when the system trusts the chain
    /// and a key of that chain has one of the pins, and is refused otherwise
    /// (``TransportError/publicKeyPinMismatch(host:)``); FoundationNetworking asks no server-trust
    /// challenge, so on Linux the provider never sends a pinned request through URLSession.
    /// Credentials are sent by plugins as headers, never through challenges; FoundationNetworking
    /// waits forever on a `401` challenge answered with default handling, so the challenge is
    /// cancelled and the response it carried is what the call returns (without its body, which
    /// FoundationNetworking never reads in that case).
    static func answer(to challenge: URLAuthenticationChallenge, pins: Set<String>?) -> Answer {
        #if !canImport(FoundationNetworking)
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                guard let pins else { return Answer(disposition: .performDefaultHandling) }
                guard let trust = challenge.protectionSpace.serverTrust, chain(of: trust, matches: pins) else {
                    return Answer(
                        disposition: .cancelAuthenticationChallenge,
                        failure: TransportError.publicKeyPinMismatch(host: challenge.protectionSpace.host))
                }
                return Answer(disposition: .useCredential, credential: URLCredential(trust: trust))
            }
        #endif
        return Answer(
            disposition: .cancelAuthenticationChallenge,
            failureResponse: challenge.failureResponse as? HTTPURLResponse)
    }

    #if !canImport(FoundationNetworking)
        /// Whether the system trusts `trust`'s chain and a key of it has a pin in `pins`.
        private static func chain(of trust: SecTrust, matches pins: Set<String>) -> Bool {
            guard SecTrustEvaluateWithError(trust, nil),
                let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate]
            else { return false }
            return chain.contains { certificate in
                guard let key = SecCertificateCopyKey(certificate),
                    let attributes = SecKeyCopyAttributes(key) as? [CFString: Any],
                    let type = attributes[kSecAttrKeyType] as? String,
                    let bits = attributes[kSecAttrKeySizeInBits] as? Int,
                    let bare = SecKeyCopyExternalRepresentation(key, nil) as Data?
                else { return false }
                let algorithm: SubjectPublicKeyInfo.Algorithm
                if type == (kSecAttrKeyTypeRSA as String) {
                    algorithm = .rsa
                } else if type == (kSecAttrKeyTypeECSECPrimeRandom as String) {
                    algorithm = .ellipticCurve(bits: bits)
                } else {
                    return false
                }
                return SubjectPublicKeyInfo.pin(of: bare, algorithm: algorithm).map(pins.contains) ?? false
            }
        }
    #endif
}
