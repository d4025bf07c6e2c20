import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The native transport's inline reads (``HTTP1Transport/Options/inlineResponseWait``): a lone
/// call reads its own response; calls in flight together, slow answers and trickled bodies go
/// through the event loop, with the same results.
@Suite("Native transport: inline reads", .requiresScenarioServer, .enabled(if: HTTP1Transport.isAvailable))
struct NativeInlineReadLiveTests {
    private func get(_ path: String, _ query: String = "", timeout: TimeInterval = 10) throws -> TransportRequest {
        let base = try LiveServers.url(for: .scenario)
        let url = try #require(URL(string: base.appendingPathComponent(path).absoluteString + query))
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        return TransportRequest(urlRequest: request)
    }

    @Test("a lone call reads its response itself; with the wait at 0, none does")
    func loneCalls() async throws {
        // A wait far above any answer time: every lone call must be read inline.
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 30))
        for page in 1...5 {
            let answer = try await transport.send(try get("mallProductsInfo/getProductList", "?pageCurrent=\(page)"))
            #expect(answer.response.statusCode == 200)
            #expect(!answer.data.isEmpty)
        }
        #expect(transport.inlineReads == 5)

        let handedOver = HTTP1Transport(options: .init(inlineResponseWait: 0))
        for _ in 1...3 {
            #expect(try await handedOver.send(try get("health")).response.statusCode == 200)
        }
        #expect(handedOver.inlineReads == 0)
    }

    @Test("calls in flight together, some read inline and some by the loop, all get their own answers")
    func concurrentCalls() async throws {
        // Whether a call reads inline depends on what else is in flight at that moment (the
        // rule itself is a unit test, NativeTransportTests.inlineWait): here every call must
        // get the answer to its own request either way.
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 0.5))
        let pages = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for page in 1...12 {
                let request = try get("mallProductsInfo/getProductList", "?pageCurrent=\(page)&pageSize=3")
                group.addTask {
                    let answer = try await transport.send(request)
                    let body = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
                    let data = body?["data"] as? [String: Any]
                    return (page, data?["current"] as? Int ?? -1)
                }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        #expect(pages == Dictionary(uniqueKeysWithValues: (1...12).map { ($0, $0) }))
    }

    @Test("lone calls busy-poll first; after an answer slower than the window, the connection sleeps at once")
    func busyPolls() async throws {
        // A window far above the server's answer time: every answer comes within it.
        let polling = HTTP1Transport(options: .init(inlineResponseWait: 5, inlineBusyPoll: 2))
        for _ in 1...3 { #expect(try await polling.send(try get("health")).response.statusCode == 200) }
        #expect(polling.busyPolls == (caught: 3, missed: 0))

        let transport = HTTP1Transport(options: .init(inlineResponseWait: 5, inlineBusyPoll: 0.05))
        let delayed = try await transport.send(try get("fault/delay", "?seconds=0.3"))
        #expect(try JSONSerialization.jsonObject(with: delayed.data) as? [String: Double] == ["delayed": 0.3])
        #expect(transport.busyPolls == (caught: 0, missed: 1))
        for _ in 1...3 { #expect(try await transport.send(try get("health")).response.statusCode == 200) }
        #expect(transport.busyPolls == (caught: 0, missed: 1))
        #expect(transport.inlineReads == 4)
    }

    @Test("an answer slower than the wait is handed to the loop and arrives")
    func slowAnswer() async throws {
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 0.001))
        let answer = try await transport.send(try get("fault/delay", "?seconds=0.2"))
        #expect(answer.response.statusCode == 200)
        let body = try JSONSerialization.jsonObject(with: answer.data) as? [String: Double]
        #expect(body == ["delayed": 0.2])
        #expect(transport.inlineReads == 0)
    }

    @Test("a body that trickles past the wait arrives whole, and the connection serves the next call")
    func trickledBody() async throws {
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 0.05))
        let answer = try await transport.send(try get("fault/slow-body", "?seconds=0.6"))
        #expect(answer.data == Data((0..<1024).map { UInt8($0 % 251) }))
        #expect(transport.inlineReads == 0)
        #expect(try await transport.send(try get("health")).response.statusCode == 200)
    }

    @Test("a call cancelled while it waits inline ends with CancellationError within the wait")
    func cancelledInline() async throws {
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 0.5))
        let request = try get("fault/hang", timeout: 30)
        let started = Date()
        let call = Task { try await transport.send(request) }
        call.cancel()
        do {
            _ = try await call.value
            Issue.record("expected a cancellation")
        } catch {
            #expect(error is CancellationError, "\(error)")
        }
        // The hang lasts a minute; the wait bounds how late the cancellation is seen.
        #expect(Date().timeIntervalSince(started) < 5 * LiveTiming.scale)
    }

    @Test("a server that closes while the call waits inline is URLError.networkConnectionLost")
    func closedInline() async throws {
        let transport = HTTP1Transport(options: .init(inlineResponseWait: 30))
        for path in ["fault/truncated", "fault/close"] {
            do {
                _ = try await transport.send(try get(path))
                Issue.record("\(path): expected a failure")
            } catch {
                #expect((error as? URLError)?.code == .networkConnectionLost, "\(path): \(error)")
            }
        }
    }
}
