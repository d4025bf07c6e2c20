import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target for these tests: any server, any path, any task; every call has a time limit.
struct TransferTarget: TargetType, TimeoutConfigurable {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .post
    var task: RequestTask
    var validationType: ValidationType { .successCodes }
    var timeout: TimeInterval? { 60 }

    static func httpbin(_ path: String, method: HTTPMethod = .post, task: RequestTask) throws -> TransferTarget {
        TransferTarget(baseURL: try LiveServers.url(for: .httpbin), path: path, method: method, task: task)
    }

    static func httpbin(_ path: String, download destination: URL) throws -> TransferTarget {
        try httpbin(path, method: .get, task: .downloadDestination { _, _ in destination })
    }

    static func scenario(_ path: String, task: RequestTask) throws -> TransferTarget {
        TransferTarget(baseURL: try LiveServers.url(for: .scenario), path: path, task: task)
    }

    static func scenario(
        _ path: String, query: [String: any Sendable] = [:], download destination: @escaping DownloadDestination
    ) throws -> TransferTarget {
        let task: RequestTask = .downloadParameters(
            parameters: query, encoding: URLEncoding.queryString, destination: destination)
        return TransferTarget(baseURL: try LiveServers.url(for: .scenario), path: path, method: .get, task: task)
    }

    /// A provider on the live suite's transport (``TestTransport``); URLSessionTransport writes
    /// downloads in flight to `temporaryDirectory`, so a test can see that nothing is left there.
    static func provider(temporaryDirectory: URL? = nil) -> Provider<TransferTarget> {
        Provider(transport: TestTransport.make(.init(temporaryDirectory: temporaryDirectory)))
    }

    static func send(_ target: TransferTarget, temporaryDirectory: URL? = nil) async throws -> Response {
        try await provider(temporaryDirectory: temporaryDirectory).request(target)
    }

    static func send<T: Decodable>(_ target: TransferTarget, as type: T.Type) async throws -> T {
        try await provider().request(target, as: type)
    }

    /// Progress values never go back, and the last step — the only completed one — is 1.0.
    static func expectGrowingThenComplete(
        _ steps: [ProgressResponse], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let values = steps.map(\.progress)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(values)", sourceLocation: sourceLocation)
        #expect(steps.last?.completed == true, sourceLocation: sourceLocation)
        #expect(steps.last?.progress == 1, sourceLocation: sourceLocation)
        #expect(steps.filter(\.completed).count == 1, sourceLocation: sourceLocation)
    }
}
