import CourierMoyaCompat
import Foundation
import Testing

/// A logout that cancels everything, in Moya 15's spelling and Moya 11's (ShopAPI+Compat.swift):
/// each call in flight ends with a cancellation, and so does every later call, which never
/// reaches the transport.
@Suite(.timeLimit(.minutes(1)))
struct LogoutTests {
    private static func isCancellation(_ result: Result<Response, MoyaError>) -> Bool {
        guard case .failure(let error) = result else { return false }
        return error.isCancelled
    }

    @Test func moya15sInvalidateAndCancelEndsEveryCallInFlight() async {
        let transport = HangingTransport()
        let provider = MoyaProvider<GitHubAPI>(session: transport)
        let results = await resultsOfCalls(3, of: .zen, through: provider, reaching: transport) {
            provider.session.session.invalidateAndCancel()
        }
        #expect(results.count == 3 && results.allSatisfy(Self.isCancellation))
    }

    @Test func moya11sLogoutEndsTheCallsAndRefusesLaterOnes() async {
        let transport = HangingTransport()
        let provider = MoyaProvider<ShopAPI>(session: transport)
        let results = await resultsOfCalls(2, of: .hang, through: provider, reaching: transport) {
            logOut(provider)
        }
        #expect(results.count == 2 && results.allSatisfy(Self.isCancellation))
        let later = await withCheckedContinuation { continuation in
            provider.request(.hang, callbackQueue: .global()) { continuation.resume(returning: $0) }
        }
        #expect(Self.isCancellation(later))
    }

    @Test func aCallAfterProviderShutdownNeverReachesTheTransport() async {
        let transport = RecordingTransport()
        let provider = Provider<GitHubAPI>(transport: transport)
        await provider.shutdown()
        let error = await #expect(throws: CourierError.self) { try await provider.request(.zen) }
        #expect(error?.isCancelled == true)
        #expect(transport.requests.isEmpty)
    }
}
