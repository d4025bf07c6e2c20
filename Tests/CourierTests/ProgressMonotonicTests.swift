import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Progress only grows, ends at 1.0 with the response, and nothing follows the end — for the
/// completion form and the stream alike, across retries.
@Suite("Progress")
struct ProgressMonotonicTests {
    /// A transport that reports `fractions` of a 1,000-byte transfer (a negative value reports
    /// bytes of a transfer of unknown size), then answers `status`.
    private static func reporting(_ attempts: [[Double]], statuses: [Int] = []) -> ScriptedTransport {
        let attempt = LockedState(0)
        return ScriptedTransport { request in
            let index = attempt.withLock { value -> Int in
                defer { value += 1 }
                return value
            }
            for fraction in attempts[min(index, attempts.count - 1)] {
                let progress =
                    fraction < 0
                    ? TransferProgress(completedUnitCount: Int64(-fraction), totalUnitCount: -1)
                    : TransferProgress(completedUnitCount: Int64(fraction * 1000), totalUnitCount: 1000)
                request.progress?(progress)
            }
            let status = index < statuses.count ? statuses[index] : 200
            return TransportResponse(response: .make(for: request.urlRequest, status: status), data: Data("ok".utf8))
        }
    }

    /// Retries every failure once.
    private struct RetryOnce: PluginType {
        func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
            -> RetryDecision
        { attempt == 1 ? .retry : .doNotRetry }
    }

    /// The steps the completion form's progress block received, and whether the last one
    /// arrived before the completion.
    private func completionSteps(
        _ provider: Provider<CoreTestTarget>, _ target: CoreTestTarget = CoreTestTarget(),
        queue: DispatchQueue? = nil
    ) async throws -> [ProgressResponse] {
        let steps = LockedState<[ProgressResponse]>([])
        let result = await withCheckedContinuation { continuation in
            provider.request(
                target, callbackQueue: queue, progress: { step in steps.withLock { $0.append(step) } },
                completion: { result in
                    #expect(steps.withLock { $0.last?.completed } == true, "the final step comes first")
                    continuation.resume(returning: result)
                })
        }
        _ = try result.get()
        return steps.withLock { $0 }
    }

    @Test("the completion form drops steps that go back and ends with 1.0 and the response")
    func completionForm() async throws {
        let provider = Provider<CoreTestTarget>(transport: Self.reporting([[0.25, 0.5, 0.4, 0.5, 1.0]]))
        let steps = try await completionSteps(provider)
        #expect(steps.map(\.progress) == [0.25, 0.5, 1.0, 1.0])
        #expect(steps.map(\.completed) == [false, false, false, true])
        #expect(steps.last?.response?.data == Data("ok".utf8))
        #expect(steps.last?.progressObject?.completedUnitCount == 1000, "the last byte counts travel along")
    }

    @Test("on a serial callback queue, steps and completion keep their order")
    func completionFormOnQueue() async throws {
        let provider = Provider<CoreTestTarget>(transport: Self.reporting([[0.1, 0.2, 0.3, 0.7, 0.9]]))
        let steps = try await completionSteps(provider, queue: DispatchQueue(label: "progress"))
        #expect(steps.map(\.progress) == [0.1, 0.2, 0.3, 0.7, 0.9, 1.0])
    }

    @Test("a retried call's progress restarts unseen until it passes the furthest point")
    func acrossRetries() async throws {
        let transport = Self.reporting([[0.3, 0.6], [0.2, 0.5, 0.7, 1.0]], statuses: [503])
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [RetryOnce()])
        let steps = try await completionSteps(provider, CoreTestTarget(validationType: .successCodes))
        #expect(transport.requests.count == 2)
        #expect(steps.map(\.progress) == [0.3, 0.6, 0.7, 1.0, 1.0])
    }

    @Test("a transfer of unknown size reports growing byte counts at 0, then 1.0")
    func unknownSize() async throws {
        let provider = Provider<CoreTestTarget>(transport: Self.reporting([[-100, -300, -200, -900]]))
        let steps = try await completionSteps(provider)
        #expect(steps.compactMap(\.progressObject?.completedUnitCount) == [100, 300, 900, 900])
        #expect(steps.map(\.progress) == [0, 0, 0, 1])
    }

    @Test("the stream form only grows and ends with one completed step")
    func streamForm() async throws {
        let provider = Provider<CoreTestTarget>(transport: Self.reporting([[0.5, 0.2, 0.6, 0.6, 0.8]]))
        var steps: [ProgressResponse] = []
        for try await step in provider.requestWithProgress(CoreTestTarget()) { steps.append(step) }
        #expect(steps.map(\.progress) == [0.5, 0.6, 0.8, 1.0])
        #expect(steps.filter(\.completed).count == 1)
        #expect(steps.last?.completed == true)
    }

    @Test("a stubbed call's progress grows in a few steps to the final one")
    func stubbed() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let steps = try await completionSteps(provider)
        try expectGrowingSteps(steps, total: Int64(CoreTestTarget().sampleData.count))
    }

    @Test("uploads and downloads hand the transport a progress callback only when one is asked for")
    func callbackOnlyWhenAsked() async throws {
        let transport = ScriptedTransport(status: 200)
        let provider = Provider<CoreTestTarget>(transport: transport)
        let upload = CoreTestTarget(method: .post, task: .uploadMultipart([.init(provider: .data(Data()), name: "a")]))
        _ = try await provider.request(upload)
        _ = try await completionSteps(provider, upload)
        #expect(transport.requests.map { $0.progress != nil } == [false, true])
    }

    @Test("the reporter drops everything after the final step")
    func nothingAfterFinish() {
        let steps = LockedState<[ProgressResponse]>([])
        let reporter = ProgressReporter { step in steps.withLock { $0.append(step) } }
        reporter.report(ProgressResponse(progress: TransferProgress(completedUnitCount: 1, totalUnitCount: 4)))
        reporter.finish(with: Response(statusCode: 200, data: Data()))
        reporter.report(ProgressResponse(progress: TransferProgress(completedUnitCount: 4, totalUnitCount: 4)))
        reporter.finish(with: Response(statusCode: 200, data: Data()))
        #expect(steps.withLock { $0 }.map(\.progress) == [0.25, 1])
    }
}
