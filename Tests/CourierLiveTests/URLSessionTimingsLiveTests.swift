import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``URLSessionTransport`` measures itself (FoundationNetworking reports no task metrics):
/// the total always, the first byte whenever its delegate sees the response; no connection phases.
@Suite("URLSession timings (httpbin)", .requiresHttpbin)
struct URLSessionTimingsLiveTests {
    private func get(_ path: String) throws -> TransportRequest {
        TransportRequest(urlRequest: URLRequest(url: try LiveServers.url(for: .httpbin).appendingPathComponent(path)))
    }

    @Test("a call through the delegate has its first byte and total; a slow answer shows in both")
    func firstByteAndTotal() async throws {
        let answer = try await URLSessionTransport().send(get("delay/1"))
        #expect(answer.statusCode == 200)
        let timings = try #require(answer.timings)
        let firstByte = try #require(timings.firstByte)
        let total = try #require(timings.total)
        #expect(firstByte >= .seconds(1) && firstByte <= total)
        #expect(timings.waitingForConnection == nil && timings.connecting == nil)
    }

    @Test("a plain data call without size limit (no delegate callbacks) has its total only")
    func completionHandlerCallHasTotal() async throws {
        let transport = URLSessionTransport(options: .init(maximumResponseSize: nil))
        let timings = try #require(try await transport.send(get("get")).timings)
        #expect(timings.firstByte == nil)
        #expect(try #require(timings.total) > .zero)
    }

    @Test("across redirects, the first byte and the total run from the first request")
    func redirectsCounted() async throws {
        let answer = try await CallChain(transport: URLSessionTransport()).send(get("redirect/2"))
        #expect(answer.statusCode == 200)
        let timings = try #require(answer.timings)
        let firstByte = try #require(timings.firstByte)
        let total = try #require(timings.total)
        #expect(firstByte > .zero && firstByte <= total)
    }

    @Test("the logger shows them on the response line")
    func loggerShowsThem() async throws {
        let lines = LockedState<[String]>([])
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, new in lines.withLock { $0 += new } }, logOptions: .timings))
        let provider = Provider<CoreBinTarget>(transport: URLSessionTransport(), plugins: [logger])
        _ = try await provider.request(try CoreBinTarget.bin("/get"))
        let response = try #require(lines.withLock { $0 }.first { $0.contains("Response") })
        #expect(response.contains("first byte ") && response.contains("total "), "\(response)")
    }
}
