import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request pipeline: the one place where a call goes from target to result, links 1 to 3 of the
/// chain (the call's deadline, its attempts, the plugin hooks) above ``CallChain``'s 4 to 9.
///
/// The endpoint closure runs once per call; then each attempt runs:
///
/// 1. request closure → `prepare` (each plugin in order) → the request checked
/// 2. `willSend` (each plugin)
/// 3. the chain below the plugins, down to the transport or the stub → classification (`401` is
///    `.sessionExpired`) → validation → decoding (the envelope, when there is one)
/// 4. `didReceive` (each plugin) → `process` (each plugin, chained)
/// 5. on failure, `retry` (first non-`.doNotRetry` answer wins) → the next attempt, from the
///    request closure
///
/// and when the attempts have ended, the call's end: the offline fallback (`offlineFallback`, the
/// cache's second use), invalidation (`noteSuccess`) and `didFinish` (each plugin), once, with the
/// result the caller gets. A stream (`StreamConnection`) runs the same attempts (`runAttempts`)
/// and ends the call when its body ends.
///
/// The private async steps are `@inline(__always)`: each is called from one place (`send`, which
/// is small, from two), and a step inlined needs no async frame or executor check of its own
/// (docs/BENCHMARKS.md has what that saves). `conclude`, called from two places, is not.
extension Provider {
    /// Runs the whole pipeline for `target`, retries included, and turns the response into
    /// `Output` with `decode`.
    func perform<Output>(
        _ target: Target, progress: ProgressBlock?, options: CallOptions = .none,
        decode: @escaping (Response) throws(CourierError) -> Output
    ) async -> Result<Output, CourierError> {
        let decoded = DecodedOutput<Output>()
        let result = await runPipeline(for: target, progress: progress, options: options) {
            (response: Response) throws(CourierError) in
            decoded.value = try decode(response)
        }
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let response):
            // `accept` ran on this response last, so `decoded` holds its decoding; decoding again
            // keeps this total without a force unwrap.
            if let output = decoded.value { return .success(output) }
            do throws(CourierError) {
                return .success(try decode(response))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs the whole pipeline for `target`, retries included, within the call's deadline
    /// (``deadline(for:)``): the call ends when the deadline passes or its task is cancelled,
    /// whatever a plugin, a transport or a token refresh is still waiting for. `accept` checks
    /// (and may decode) each response before the plugins see it, and once more a response a
    /// plugin put in its place: a call that succeeds has passed `accept` with the response it
    /// returns, last.
    ///
    /// Not generic over the output, so the pipeline's own types are known when it is compiled
    /// and a call asks the runtime for no generic metadata.
    func runPipeline(
        for target: Target, progress: ProgressBlock?, options callOptions: CallOptions = .none,
        accept: @escaping (Response) throws(CourierError) -> Void
    ) async -> Result<Response, CourierError> {
        let endpoint = endpointClosure(target)
        let call = Call(clock: options.clock, options: callOptions, accept: accept)
        return await CallContext.$bound.withValue(call.context(at: 1)) {
            var result = await runAttempts(of: call, for: target, endpoint: endpoint, progress: progress)
            // With a cache, the call noted its last cacheable request for the offline fallback.
            if let cache = options.cache, let note = call.cacheNote {
                result = await offlineFallback(result, note: note, cache: cache, target: target, accept: call.accept)
            }
            // Invalidation, tags and waiting outboxes (Offline/), before the caller sees the result.
            if case .success(let response) = result { noteSuccess(of: target, response: response, call: call) }
            // Once per call, with what the caller gets, whichever of the work, the deadline and a
            // cancellation ended it.
            let last = call.attempt
            if last == 1 {
                for plugin in plugins { plugin.didFinish(result, target: target) }
            } else {
                CallContext.$bound.withValue(call.context(at: last)) {
                    for plugin in plugins { plugin.didFinish(result, target: target) }
                }
            }
            return result
        }
    }

    /// Links 1 to 3 of a call, data or stream: every attempt, within the call's deadline
    /// (``deadline(for:task:)``). The first attempt's ``CallContext`` is bound by the caller.
    @inline(__always)
    func runAttempts(
        of call: Call, for target: Target, endpoint: Endpoint, progress: ProgressBlock?
    ) async -> Result<Response, CourierError> {
        await Deadline.run(
            call, within: deadline(for: target, task: endpoint.task), among: calls, deadlines: deadlines
        ) {
            await self.attempts(for: target, endpoint: endpoint, progress: progress, call: call)
        }
    }

    /// Every attempt of a call: the first, and each retry a plugin asks for, each with its own
    /// ``CallContext`` (the first's is bound by the caller already). Each attempt starts at the
    /// request closure; the endpoint is the call's.
    func attempts(
        for target: Target, endpoint: Endpoint, progress: ProgressBlock?, call: Call
    ) async -> Result<Response, CourierError> {
        var attempt = 1
        while true {
            let round: Round
            if attempt == 1 {
                round = await attemptAndDecide(attempt, target, endpoint: endpoint, progress: progress, call: call)
            } else {
                round = await CallContext.$bound.withValue(call.context(at: attempt)) {
                    await attemptAndDecide(attempt, target, endpoint: endpoint, progress: progress, call: call)
                }
            }
            switch round {
            case .finished(let result):
                return result
            case .again:
                attempt += 1
                call.begin(attempt: attempt)
            }
        }
    }

    /// One attempt, then whether the plugins send the call again (after any wait they ask for).
    /// From `didReceive` on, the plugins see the attempt's timings in ``CallContext/current``,
    /// which reads them from `call`.
    @inline(__always)
    private func attemptAndDecide(
        _ attempt: Int, _ target: Target, endpoint: Endpoint, progress: ProgressBlock?, call: Call
    ) async -> Round {
        let sent = await sendAttempt(target, endpoint: endpoint, progress: progress, call: call)
        if let timings = sent.timings { call.record(timings, of: attempt) }
        return await conclude(sent, attempt, target, call: call)
    }

    /// The plugins' `didReceive` and `process` of a sent attempt, then their `retry`.
    private func conclude(_ sent: Attempt, _ attempt: Int, _ target: Target, call: Call) async -> Round {
        guard let request = sent.request else { return .finished(sent.result) }
        let result = await receive(sent, target: target, accept: call.accept)
        guard case .failure(let error) = result, attempt < options.maximumAttempts, !error.isCancelled
        else { return .finished(result) }
        if Task.isCancelled { return .finished(.failure(call.stopped)) }

        switch await retryDecision(for: request, target: target, error: error, attempt: attempt) {
        case .doNotRetry:
            return .finished(result)
        case .retry:
            return .again
        case .retryAfter(let seconds):
            do {
                try await WaitTime.sleep(seconds, on: options.clock)
            } catch {
                return .finished(.failure(call.stopped))
            }
            return .again
        }
    }

    /// Steps 1 to 3 of one attempt: the request prepared, `willSend`, the exchange, and `accept`.
    @inline(__always)
    private func sendAttempt(_ target: Target, endpoint: Endpoint, progress: ProgressBlock?, call: Call) async
        -> Attempt
    {
        let request: URLRequest
        do throws(CourierError) {
            request = try await prepareRequest(endpoint, target: target, call: call)
        } catch {
            return Attempt(request: nil, result: .failure(error))
        }
        if Task.isCancelled { return Attempt(request: nil, result: .failure(call.stopped)) }

        for plugin in plugins { plugin.willSend(request, target: target) }

        let exchanged = await exchange(request, endpoint: endpoint, target: target, progress: progress, call: call)
        var result = exchanged.result
        var accepted: Response?
        if case .success(let response) = result {
            do throws(CourierError) {
                try call.accept(response)
                accepted = response
            } catch {
                result = .failure(error)
            }
        }
        return Attempt(request: request, result: result, accepted: accepted, timings: exchanged.timings)
    }

    /// Step 4: `didReceive` and `process` for a sent attempt; a response a plugin put in place of
    /// the accepted one is checked again.
    @inline(__always)
    private func receive(_ sent: Attempt, target: Target, accept: (Response) throws(CourierError) -> Void) async
        -> Result<Response, CourierError>
    {
        var result = sent.result
        for plugin in plugins { plugin.didReceive(result, target: target) }
        for plugin in plugins { result = await plugin.process(result, target: target) }

        if case .success(let response) = result, response !== sent.accepted {
            // A plugin replaced the response: check the one it chose.
            do throws(CourierError) {
                try accept(response)
            } catch {
                result = .failure(error)
            }
        }
        return result
    }

    /// Step 1, where every attempt starts: the endpoint's request, through the request closure
    /// and every `prepare`, then
    /// checked as it will go to the wire (``InvalidRequestError``), whatever set its parts.
    @inline(__always)
    private func prepareRequest(_ endpoint: Endpoint, target: Target, call: Call) async throws(CourierError)
        -> URLRequest
    {
        var request: URLRequest
        do {
            request = try await requestClosure(endpoint)
        } catch {
            throw call.courierError(error)
        }
        for field in call.options.headers where request.value(forHTTPHeaderField: field.name) == nil {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        // The call's limit is also its longest silence, unless the request closure chose one.
        if let timeout = timeout(for: target), timeout.isFinite, timeout > 0,
            request.timeoutInterval == Self.untouchedTimeoutInterval
        {
            request.timeoutInterval = timeout
        }
        for plugin in plugins {
            do {
                request = try await plugin.prepare(request, target: target)
            } catch {
                throw call.courierError(error)
            }
        }
        do {
            try RequestSyntax.check(request)
        } catch {
            throw CourierError.underlying(error, nil)
        }
        if !options.allowsCredentialsOverPlainHTTP,
            let refusal = InsecureCredentialsError(refusing: request, credentials: options.credentialNames)
        {
            throw CourierError.underlying(refusal, nil)
        }
        return request
    }

    /// Step 3: the chain below the plugins (``CallChain``), down to the transport or, for a call
    /// the stub closure stubs, to the endpoint's sample in its place; then classification and
    /// validation.
    @inline(__always)
    private func exchange(
        _ request: URLRequest, endpoint: Endpoint, target: Target, progress: ProgressBlock?, call: Call
    ) async -> (result: Result<Response, CourierError>, timings: CallTimings?) {
        var chain: CallChain
        do throws(CourierError) {
            chain = try self.chain(for: target, endpoint: endpoint)
        } catch {
            return (.failure(error), nil)
        }
        if call.options.storageOnly { chain = chain.answeringFromStorageOnly() }
        let (result, timings) = await sendOverTransport(
            request, task: endpoint.task, target: target, progress: progress, call: call, through: chain)
        return (result.flatMap { classify($0, target: target) }, timings)
    }
}

/// One attempt's result, and the request it sent (for the plugins' `retry`); `request` is `nil`
/// when the call failed before one existed. At file scope: nested in the generic `Provider`,
/// its metadata would be looked up at run time on every call.
private struct Attempt {
    var request: URLRequest?
    var result: Result<Response, CourierError>
    /// The response `accept` passed, if the exchange brought one.
    var accepted: Response?
    /// What the transport measured of the exchange.
    var timings: CallTimings?
}

/// How one attempt ended: the call's result, or a retry.
private enum Round {
    case finished(Result<Response, CourierError>)
    case again
}
