import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline's step 3 over the network, and what the transport measured of it.
extension Provider {
    /// Step 3 over the network: the body made ready (a large multipart body goes to a temporary
    /// file, deleted whatever the outcome), the transport call, and a downloaded file moved to its
    /// destination.
    @inline(__always)
    func sendOverTransport(_ request: URLRequest, task: RequestTask, progress: ProgressBlock?, call: Call) async
        -> (Result<Response, CourierError>, CallTimings?)
    {
        let body: TransferBody
        do {
            if let ready = try TransferBody.ready(for: task, request: request) {
                body = ready
            } else {
                body = try await TransferBody.prepare(for: task, request: request)
            }
        } catch {
            return (.failure(Task.isCancelled ? call.stopped : call.courierError(error)), nil)
        }
        defer { body.discard() }

        var onProgress: (@Sendable (TransferProgress) -> Void)?
        if let progress {
            onProgress = { value in progress(ProgressResponse(progress: value)) }
        }
        let transportRequest = TransportRequest(urlRequest: body.request, kind: body.kind, progress: onProgress)
        let answer: TransportResponse
        do {
            answer = try await send(transportRequest, call: call)
        } catch {
            return (.failure(Task.isCancelled ? call.stopped : call.courierError(error)), nil)
        }
        let result = finishTransfer(answer, request: body.request, task: task)
        call.stream?.bind(result)
        return (result, answer.timings)
    }

    /// The transport call itself, shared with identical calls in flight when the provider tracks them.
    @inline(__always)
    private func send(_ transportRequest: TransportRequest, call: Call) async throws -> TransportResponse {
        // A stream is never shared: each consumer reads its own body.
        if let stream = call.stream { return try await stream.open(transportRequest, over: transport) }
        let answer =
            trackInflights && transportRequest.kind.isData
            ? try await inflights.send(transportRequest, over: transport)
            : try await transport.send(transportRequest)
        // A download that ended just as the call was cancelled or timed out is not kept.
        if Task.isCancelled, let file = answer.downloadedFileURL {
            try? FileManager.default.removeItem(at: file)
            throw CancellationError()
        }
        return answer
    }
}
