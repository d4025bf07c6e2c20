import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server misbehaving in every way the scenario server knows: each call must end in a typed
/// `CourierError`, by the fault itself (not a timeout), without crashing or hanging.
@Suite(
    "Faults (scenario server)",
    .enabled(if: try LiveServers.scenarioAvailable, "\(LiveServers.skipMessage(for: .scenario))"))
struct FaultsLiveTests {
    struct Fault: TargetType, TimeoutConfigurable {
        let base: URL
        let path: String
        var query: [String: any Sendable] = [:]
        // Long enough for FoundationNetworking to get to the call: it runs every session of the
        // process on one serial queue, which the rest of the suite keeps busy for seconds. Each
        // fault ends its call long before, and a timeout is never what a test expects.
        var timeout: TimeInterval? = LiveTiming.longBeforeTheDefault

        var baseURL: URL { base }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
        }
        var validationType: ValidationType { .successCodes }
    }

    private func fault(
        _ path: String, query: [String: any Sendable] = [:], timeout: TimeInterval? = LiveTiming.longBeforeTheDefault
    ) throws -> Fault {
        Fault(base: try LiveServers.url(for: .scenario), path: path, query: query, timeout: timeout)
    }

    /// Sends `target` and returns the error it must end with, and how long it took.
    private func failure(
        of target: Fault, provider: Provider<Fault> = Provider<Fault>(transport: TestTransport.make())
    ) async -> (error: CourierError?, seconds: Double) {
        let start = Date()
        do {
            let response = try await provider.request(target)
            Issue.record("expected a failure, got HTTP \(response.statusCode) with \(response.data.count) bytes")
            return (nil, Date().timeIntervalSince(start))
        } catch {
            #expect(error is CourierError, "not a CourierError: \(error)")
            return (error as? CourierError, Date().timeIntervalSince(start))
        }
    }

    @Test("a body cut short of its Content-Length is a transport error")
    func truncatedBody() async throws {
        let (error, seconds) = await failure(of: try fault("fault/truncated"))
        guard case .underlying(let underlying, _) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(underlying is URLError)
        #expect((underlying as? URLError)?.code != .timedOut, "the fault ended the call, after \(seconds) s")
    }

    @Test("a server that accepts and never answers ends with the target's timeout")
    func hangEndsAtTheTimeout() async throws {
        let (error, seconds) = await failure(of: try fault("fault/hang", timeout: 1))
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(seconds >= 0.9 && seconds < LiveTiming.longBeforeTheDefault)
    }

    @Test("a body trickled slower than the timeout ends with the timeout, not after the whole body")
    func slowBodyEndsAtTheTimeout() async throws {
        // The whole body would arrive, and the call succeed, after 12 s.
        let (error, _) = await failure(of: try fault("fault/slow-body", query: ["seconds": 12], timeout: 1))
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
    }

    @Test("bytes that are not HTTP are a transport error")
    func garbage() async throws {
        let (error, seconds) = await failure(of: try fault("fault/garbage"))
        guard case .underlying = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(error?.isTimeout == false, "the fault ended the call, after \(seconds) s")
    }

    @Test("a connection closed without an answer is a transport error")
    func closedWithoutAnswer() async throws {
        let (error, seconds) = await failure(of: try fault("fault/close"))
        guard case .underlying = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(error?.isTimeout == false, "the fault ended the call, after \(seconds) s")
    }

    @Test("a connection refused is a transport error naming it")
    func connectionRefused() async throws {
        // Bound and not listening for the whole call: no other socket can take the port meanwhile.
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let closed = Fault(base: try #require(URL(string: refusing.url)), path: "anything")
        let (error, _) = await failure(of: closed)
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
    }

    @Test("a 100 MB body stops at the transport's maximum response size with a clear error")
    func oversizedBody() async throws {
        let transport = TestTransport.make(.init(maximumResponseSize: 5 * 1024 * 1024))
        let provider = Provider<Fault>(transport: transport)
        let (error, seconds) = await failure(
            of: try fault("fault/big", query: ["mb": 100], timeout: 30), provider: provider)
        guard case .underlying(let underlying, _) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(underlying as? TransportError == .responseTooLarge(limit: 5 * 1024 * 1024))
        #expect(error?.errorDescription?.contains("larger than the limit") == true, "after \(seconds) s")
    }

    @Test("a 503 with validation is a statusCode error carrying the body")
    func serverErrorKeepsBody() async throws {
        let (error, _) = await failure(of: try fault("fault/status", query: ["code": 503]))
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 503)
        #expect(String(decoding: response.data, as: UTF8.self).contains("503"))
    }

    @Test("300 concurrent live calls all succeed")
    func threeHundredConcurrentCalls() async throws {
        let provider = Provider<Fault>(transport: TestTransport.make())
        let target = try fault("health", timeout: ProviderOptions.defaultTimeout)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<300 { group.addTask { try await provider.request(target).statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 300)
        #expect(statuses.allSatisfy { $0 == 200 })
    }
}
