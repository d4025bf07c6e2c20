import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A large upload that the server refuses (`413`) before reading its body, then closes, at once
/// or lingering: the `413` is the answer (RFC 9112 §9.5), not a lost connection.
///
/// One case is a race no client wins every time: a server that closes at once over an unread body
/// makes its kernel reset the connection, and a reset that reaches the client before it has read
/// the `413` discards it. The native transport reads the answer as soon as it arrives, while
/// libcurl reads only after it stops sending: through URLSession that case may end in a typed
/// `URLError` instead ("Send failure: Broken pipe").
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
        let racesAReset = transport == .urlSession && !lingers
        for _ in 0..<3 {
            let upload = TransportRequest(
                urlRequest: request, kind: .upload(.data(Data(repeating: 0x61, count: 5 * 1024 * 1024))))
            do {
                let answer = try await sender.send(upload)
                #expect(answer.response.statusCode == 413)
            } catch let error as URLError where racesAReset {
                _ = error  // The reset won the race: a typed error, nothing hangs.
            }
        }
    }
}
