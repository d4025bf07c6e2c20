import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier has no switch that weakens TLS: the transport's delegate never answers a server-trust
/// challenge with a credential of its own. On Apple platforms the system validates the
/// certificate (default handling); FoundationNetworking validates it inside libcurl, and any
/// challenge it does deliver is cancelled.
@Suite("TLS validation is left to the system")
struct ServerTrustTests {
    private final class Sender: NSObject, URLAuthenticationChallengeSender {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    #if canImport(FoundationNetworking)
        /// The method's name on Darwin; FoundationNetworking marks the constant unavailable.
        private static let serverTrust = "NSURLAuthenticationMethodServerTrust"
    #else
        private static let serverTrust = NSURLAuthenticationMethodServerTrust
    #endif

    @Test("a server-trust challenge gets no credential from Courier, whatever the transport's options")
    func serverTrustLeftToTheSystem() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: try #require(URL(string: "https://courier.invalid/")))
        let space = URLProtectionSpace(
            host: "courier.invalid", port: 443, protocol: NSURLProtectionSpaceHTTPS, realm: nil,
            authenticationMethod: Self.serverTrust)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil,
            error: nil, sender: Sender())

        for options in [URLSessionTransport.Options(), URLSessionTransport.Options(maximumResponseSize: nil)] {
            let delegate = URLSessionTransportDelegate(options: options)
            let (disposition, gaveCredential) = await withCheckedContinuation { continuation in
                delegate.urlSession(session, task: task, didReceive: challenge) { disposition, credential in
                    continuation.resume(returning: (disposition.rawValue, credential != nil))
                }
            }

            #expect(!gaveCredential)
            #if canImport(FoundationNetworking)
                #expect(disposition == URLSession.AuthChallengeDisposition.cancelAuthenticationChallenge.rawValue)
            #else
                #expect(disposition == URLSession.AuthChallengeDisposition.performDefaultHandling.rawValue)
            #endif
        }
    }
}
