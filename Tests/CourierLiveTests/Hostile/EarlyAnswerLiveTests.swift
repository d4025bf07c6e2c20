import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A large upload that the server refuses (`413`) before reading its body, then closes, at once
/// or lingering: every transport returns the `413` (RFC 9112 §9.5), none a lost connection.
@Suite("Hostile server: an answer before the whole upload", .requiresHostileServer)
struct EarlyAnswerLiveTests {
    @Test("a 5 MB POST refused with 413 returns the 413", arguments: HostileTransport.allCases, [false, true])
    func refusedUpload(transport: HostileTransport, lingers: Bool) async throws {
        let base = try LiveServers.url(for: .hostile).absoluteString
        guard let url = URL(string: base + "/early-answer" + (lingers ? "?linger=1" : "")) else {
            Issue.record("no URL")
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.timeoutInterval = 30
        let sender = transport.make()
        for _ in 0..<3 {
            let answer = try await sender.send(
                TransportRequest(
                    urlRequest: request, kind: .upload(.data(Data(repeating: 0x61, count: 5 * 1024 * 1024)))))
            #expect(answer.response.statusCode == 413)
        }
    }
}
