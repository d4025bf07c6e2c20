import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call the provider answers itself from the endpoint's sample response (`stubClosure`
/// answered `.immediate` or `.delayed`): no transport is asked.
///
/// - The answer reports a few growing progress steps before it is returned, as a real transfer
///   does: the upload's body for an upload, the sample's bytes for anything else.
/// - A provider whose transport answers from a test's stubs (CourierTesting's `StubTransport`)
///   does not stub from `sampleData`: that would silently ignore the test's stubs. Such a call
///   fails with ``CourierError/requestMapping(_:)``, whose message says what happened and how
///   to fix it, and the transport is not asked.
extension Provider {
    func stubbedExchange(
        _ request: URLRequest, endpoint: Endpoint, target: Target, delay: TimeInterval?, progress: ProgressBlock?,
        call: Call
    ) async -> Result<Response, CourierError> {
        if answersFromTestStubs {
            return .failure(.requestMapping(Self.stubConflict(target, delay: delay)))
        }
        if let delay {
            do {
                try await WaitTime.sleep(delay)
            } catch {
                return .failure(call.stopped)
            }
        }
        let result = stubbedResponse(endpoint, request: request, call: call)
        if let progress, case .success(let response) = result {
            let total = Self.stubbedUploadBytes(of: endpoint.task) ?? Int64(response.data.count)
            for step in StubbedProgress.steps(total: total) { progress(ProgressResponse(progress: step)) }
        }
        return result.flatMap { finishStubbedTransfer($0, task: endpoint.task) }
    }

    /// The size of an upload task's body, as a stub reports it; `nil` for any other task.
    private static func stubbedUploadBytes(of task: RequestTask) -> Int64? {
        switch task {
        case .uploadFile(let url):
            return StubbedProgress.total(of: .file(url), responseBytes: 0)
        case .uploadMultipart(let parts), .uploadCompositeMultipart(let parts, _):
            let boundary = MultipartFormDataEncoder.makeBoundary()
            return (try? MultipartFormDataEncoder.contentLength(of: parts, boundary: boundary)) ?? 0
        default:
            return nil
        }
    }

    private static func stubConflict(_ target: Target, delay: TimeInterval?) -> String {
        let behavior = delay.map { ".delayed(seconds: \($0))" } ?? ".immediate"
        return "the provider's stubClosure answered \(behavior) for \(target), so the call would be answered "
            + "from the target's sampleData and the StubTransport given as the provider's transport would never "
            + "be asked. Leave stubClosure at its default, Provider.neverStub, to answer from the StubTransport "
            + "(StubAnswer.delayed(by:) adds a delay; StubAnswer.sampleData(of:) answers with the sample)"
    }
}

/// A transport whose answers are a test's own stubs, such as CourierTesting's `StubTransport`:
/// a provider does not stub a call from `sampleData` in front of it, it fails the call and says why.
package protocol StubAnsweringTransport: Transport {}
