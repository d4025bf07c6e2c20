import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of one stubbed call (`stubClosure` answered `.immediate` or `.delayed`): it
/// answers at the transport's place in the chain (``CallChain/answering(with:)``), from the
/// endpoint's sample response, so everything above it — in-flight sharing, cookies, the cache —
/// runs as for a real call. One hop, as any transport: the chain follows no redirect of a stub
/// (``redirectRules``).
///
/// - A data or upload call gets the sample as its body; a download gets it written to a temporary
///   file, which the provider moves to the destination as it does a real download's; a stream gets
///   it as one piece of its body.
/// - The answer reports a few growing progress steps before it is returned, as a real transfer
///   does: the upload's body for an upload, the sample's bytes for anything else.
/// - `.networkError(error)` is thrown as a transport's failure would be.
/// - A delay is a sleep of the calling task, so the call's deadline and its cancellation end it.
struct SampleTransport: StreamingTransport {
    /// The endpoint's sample response, asked once per hop, after the delay.
    let sample: @Sendable () -> EndpointSampleResponse
    /// Seconds to wait before answering; `nil` for at once.
    let delay: TimeInterval?
    /// How the delay is waited: a sleep on `clock`, unless a test made the provider wait on
    /// something it releases itself (``ProviderOptions/stubWait``).
    let wait: (@Sendable (TimeInterval) async throws -> Void)?
    /// The provider's clock, which the delay is counted on.
    var clock = WaitClock.system

    /// Moya's stub mode answers what the sample says, a `3xx` included: the app sees the redirect
    /// itself, and the URL it names has no stub to answer it.
    static let redirectRules = RedirectRules(follows: false)

    /// Answers `request` from the sample, after the delay.
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if let delay {
            if let wait { try await wait(delay) } else { try await WaitTime.sleep(delay, on: clock) }
        }
        var answer = try sampleAnswer(to: request.urlRequest)
        if let progress = request.progress {
            let upload = StubbedProgress.uploadSource(of: request.kind)
            let total = StubbedProgress.total(of: upload, responseBytes: answer.data.count)
            for step in StubbedProgress.steps(total: total) { progress(step) }
        }
        if case .download = request.kind {
            // A download's body reaches the provider as a file, as a real transport leaves it,
            // written off the cooperative pool, owner-only as every file Courier writes.
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-download-\(UUID().uuidString)")
            let data = answer.data
            try await BlockingQueue.run { try OwnerOnlyFile.write(data, to: file) }
            answer.data = Data()
            answer.downloadedFileURL = file
        }
        return answer
    }

    /// Answers `request` from the sample, after the delay, the whole sample as one piece of `body`.
    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        body.deliverWhole(try await send(request))
    }

    /// The sample as a transport's answer; its head is made from fields, so a call that reads only
    /// the status and the body never makes an `HTTPURLResponse`.
    private func sampleAnswer(to request: URLRequest) throws -> TransportResponse {
        switch sample() {
        case .networkResponse(let statusCode, let data):
            let url = request.url ?? URL(fileURLWithPath: "/")
            let head = ResponseHead(url: url, statusCode: statusCode, version: "HTTP/1.1", fields: [])
            guard let answer = TransportResponse(head: head, data: data) else { throw TransportError.notHTTP }
            return answer
        case .response(let http, let data):
            return TransportResponse(response: http, data: data)
        case .networkError(let error):
            throw error
        }
    }
}
