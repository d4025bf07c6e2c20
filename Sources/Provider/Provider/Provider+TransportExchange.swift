import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline's step 3, for real and stubbed calls, and what the transport measured of it.
extension Provider {
    /// Step 3, for real and stubbed calls alike: the body made ready (a large multipart body goes
    /// to a temporary file, deleted whatever the outcome), the chain below the plugins
    /// (``CallChain``: in-flight sharing, redirects, cookies, the cache, the transport or the
    /// stub), and a downloaded file moved to its destination.
    @inline(__always)
    func sendOverTransport(
        _ request: URLRequest, task: RequestTask, target: Target, progress: ProgressBlock?, call: Call,
        through chain: CallChain
    ) async -> (Result<Response, CourierError>, CallTimings?) {
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
        let answer: HopAnswer
        do {
            answer = try await send(
                transportRequest, cache: cacheUse(for: target, task: task, call: call), call: call, through: chain)
        } catch {
            return (.failure(Task.isCancelled ? call.stopped : call.courierError(error)), nil)
        }
        let result = await finishTransfer(
            answer.answer, request: body.request, task: task, cacheOrigin: answer.cacheOrigin)
        call.stream?.bind(result)
        return (result, answer.answer.timings)
    }

    /// The chain's answer to `transportRequest`.
    @inline(__always)
    private func send(
        _ transportRequest: TransportRequest, cache: CacheUse?, call: Call, through chain: CallChain
    ) async throws -> HopAnswer {
        // A stream is never shared: each consumer reads its own body.
        if let stream = call.stream {
            return HopAnswer(try await chain.stream(transportRequest, session: stream))
        }
        let answer = try await chain.exchange(transportRequest, cache: cache)
        // A download that ended just as the call was cancelled or timed out is not kept.
        if Task.isCancelled, answer.answer.downloadedFileURL != nil {
            answer.drop()
            throw CancellationError()
        }
        return answer
    }
}
