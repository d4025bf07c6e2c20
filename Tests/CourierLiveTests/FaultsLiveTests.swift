import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server misbehaving in every way the scenario server knows: each call must end in a typed
/// `CourierError`, within a bounded time, without crashing or hanging.
@Suite(
    "Faults (scenario server)",
    .enabled(if: try LiveServers.scenarioAvailable, "\(LiveServers.skipMessage(for: .scenario))"))
struct FaultsLiveTests {
    struct Fault: TargetType, TimeoutConfigurable {
        let base: URL
        let path: String
        var query: [String: any Sendable] = [:]
        // A sanitizer slows FoundationNetworking's work queue enough that a refused connection
        // could be reported only after 5 s.
        var timeout: TimeInterval? = 5 * LiveTiming.scale

        var baseURL: URL { base }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
        }
        var validationType: ValidationType { .successCodes }
    }

    private func fault(
        _ path: String, query: [String: any Sendable] = [:], timeout: TimeInterval? = 5 * LiveTiming.scale
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
        #expect(seconds < 10 * LiveTiming.scale)
    }

    @Test("a server that accepts and never answers ends with the target's timeout")
    func hangEndsAtTheTimeout() async throws {
        let (error, seconds) = await failure(of: try fault("fault/hang", timeout: 1))
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(seconds >= 0.9 && seconds < 6 * LiveTiming.scale)
    }

    @Test("a body trickled slower than the timeout ends with the timeout, not after the whole body")
    func slowBodyEndsAtTheTimeout() async throws {
        let (error, seconds) = await failure(of: try fault("fault/slow-body", query: ["seconds": 12], timeout: 1))
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(seconds < 8 * LiveTiming.scale)
    }

    @Test("bytes that are not HTTP are a transport error")
    func garbage() async throws {
        let (error, seconds) = await failure(of: try fault("fault/garbage"))
        guard case .underlying = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(seconds < 10 * LiveTiming.scale)
    }

    @Test("a connection closed without an answer is a transport error")
    func closedWithoutAnswer() async throws {
        let (error, seconds) = await failure(of: try fault("fault/close"))
        guard case .underlying = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(seconds < 10 * LiveTiming.scale)
    }

    @Test("a connection refused is a transport error naming it")
    func connectionRefused() async throws {
        let closed = Fault(base: try ClosedPort.url(), path: "anything")
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
        #expect(error?.errorDescription?.contains("larger than the limit") == true)
        #expect(seconds < 20 * LiveTiming.scale)
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
        let target = try fault("health", timeout: 30)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<300 { group.addTask { try await provider.request(target).statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 300)
        #expect(statuses.allSatisfy { $0 == 200 })
    }
}

/// A loopback port with nothing listening.
enum ClosedPort {
    static func url() throws -> URL {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw URLError(.cannotConnectToHost) }
        let port = UInt16(bigEndian: address.sin_port)
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        return url
    }
}
