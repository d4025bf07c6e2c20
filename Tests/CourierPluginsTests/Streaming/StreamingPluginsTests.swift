import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built-in plugins around a streaming call: the logger logs the head and a count, the
/// activity indicator stays busy for the stream's life.
@Suite(.timeLimit(.minutes(1))) struct StreamingPluginsTests {
    enum FeedAPI: TargetType {
        case feed
        var baseURL: URL { URL(string: "https://feed.example.com") ?? URL(fileURLWithPath: "/") }
        var path: String { "/feed" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    /// Answers every stream with `first`, then the rest when ``release()`` is called.
    final class GatedTransport: StreamingTransport {
        private let gate = LockedState<StreamedBody?>(nil)
        let first: String
        let rest: String

        init(first: String, rest: String) {
            self.first = first
            self.rest = rest
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.unsupportedURL)
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw URLError(.badServerResponse) }
            body.yield(Data(first.utf8))
            gate.withLock { $0 = body }
            return TransportResponse(response: head)
        }

        func release() {
            guard let body = gate.withLock({ $0 }) else { return }
            body.yield(Data(rest.utf8))
            body.finish()
        }
    }

    @Test func theLoggerLogsTheHeadThenOneLineWithTheCounts() async throws {
        let lines = LockedState<[String]>([])
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in lines.withLock { $0 += items } }, logOptions: .default))
        let transport = GatedTransport(first: "data: a\n\n", rest: "data: b\n\ndata: c\n\n")
        let provider = Provider<FeedAPI>(transport: transport, plugins: [logger])

        var count = 0
        for try await _ in provider.events(.feed) {
            count += 1
            if count == 1 { transport.release() }
        }

        let logged = lines.withLock { $0 }
        #expect(count == 3)
        #expect(logged.contains { $0.contains("Stream ended after 3 values, 27 bytes") }, "\(logged)")
        #expect(logged.filter { $0.contains("data: b") }.isEmpty)
    }

    /// Answers every stream from another URL than the request's, as after a redirect.
    struct MovedTransport: StreamingTransport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.unsupportedURL)
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            guard let url = URL(string: "https://cdn.example.com/feed/live?token=s3cret"),
                let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw URLError(.badServerResponse) }
            body.yield(Data("one\n".utf8))
            body.finish()
            return TransportResponse(response: head)
        }
    }

    @Test func theStreamLineNamesTheURLRedirectsLedTo() async throws {
        let lines = LockedState<[String]>([])
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in lines.withLock { $0 += items } }, logOptions: .default))
        let provider = Provider<FeedAPI>(transport: MovedTransport(), plugins: [logger])
        for try await _ in provider.lines(.feed) {}

        let logged = lines.withLock { $0 }
        let stream = logged.filter { $0.contains("Stream ended") }
        #expect(stream.count == 1, "\(logged)")
        #expect(stream.allSatisfy { $0.contains("from https://cdn.example.com/feed/live?token=") }, "\(logged)")
        #expect(logged.allSatisfy { !$0.contains("s3cret") }, "\(logged)")
    }

    @Test func theActivityIndicatorIsBusyUntilTheStreamEnds() async throws {
        let indicator = ActivityIndicator()
        let transport = GatedTransport(first: "one\n", rest: "two\n")
        let provider = Provider<FeedAPI>(transport: transport, plugins: [NetworkActivityPlugin(indicator: indicator)])

        var lines: [String] = []
        for try await line in provider.lines(.feed) {
            lines.append(line)
            // The head and the first line are in, `didReceive` has run: the call is still busy.
            #expect(indicator.state == .busy)
            if lines.count == 1 { transport.release() }
        }
        #expect(lines == ["one", "two"])
        #expect(indicator.state == .idle)
    }
}
