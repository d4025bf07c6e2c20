import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Sends `target` and returns the response.
    ///
    /// With an envelope, the business status is checked too (the payload is not decoded), so
    /// a failure code inside an HTTP `200` fails the call.
    ///
    /// ```swift
    /// let response = try await provider.request(.rank(area: "CN"))
    /// print(response.statusCode, try response.mapString())
    /// ```
    ///
    /// - Throws: a ``CourierError``; a cancelled call throws `.underlying(CancellationError(), nil)`.
    public func request(_ target: Target) async throws -> Response {
        try await runPipeline(for: target, progress: nil) { (response: Response) throws(CourierError) in
            try self.checkEnvelope(of: response, target: target)
        }.get()
    }

    /// Sends `target` and decodes the result as `T`: the envelope's payload when the provider
    /// (or the target) has an envelope, the whole body otherwise.
    ///
    /// ```swift
    /// let page = try await provider.request(.goods(page: 1, categoryId: 3), as: GoodsPage.self)
    /// ```
    ///
    /// - Throws: a ``CourierError``: `.business`, `.sessionExpired`, `.payloadMissing`,
    ///   `.objectMapping` (with the failing coding path), `.jsonMapping`, or a transport error.
    public func request<T: Decodable>(_ target: Target, as type: T.Type) async throws -> T {
        try await perform(target, progress: nil) { (response: Response) throws(CourierError) -> T in
            try self.decode(T.self, from: response, target: target)
        }.get()
    }

    /// Sends `target` and calls `completion` exactly once with the result.
    ///
    /// ```swift
    /// let call = provider.request(.rank(area: "CN")) { result in
    ///     if case .success(let response) = result { print(response.statusCode) }
    /// }
    /// call.cancel()   // completion then receives a cancelled CourierError
    /// ```
    ///
    /// - Parameters:
    ///   - target: the call.
    ///   - callbackQueue: where `completion` and `progress` run; the provider's `callbackQueue`
    ///     when `nil`, and the finishing task's thread when both are `nil`.
    ///   - progress: receives upload progress for uploads and download progress otherwise, in
    ///     steps that only grow, then a last step with the response (`completed`, `progress`
    ///     1.0) just before `completion`; `nil` by default.
    ///   - completion: receives the result, once. Written in `@MainActor` code (a view
    ///     controller's `self.items = …`), it is isolated to the main actor and runs there, as
    ///     Moya's main-queue callbacks did, whatever `callbackQueue` says; elsewhere it runs on
    ///     `callbackQueue` as described above.
    /// - Returns: a handle that cancels the call.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue? = nil, progress: ProgressBlock? = nil,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (Result<Response, CourierError>) -> Void
    ) -> Cancellable {
        let queue = callbackQueue ?? self.callbackQueue
        let cancellable = TaskCancellable()
        let reporter: ProgressReporter? = progress.map { block in
            guard let queue else { return ProgressReporter(block) }
            return ProgressReporter { step in queue.async { block(step) } }
        }
        var onProgress: ProgressBlock?
        if let reporter { onProgress = { step in reporter.report(step) } }
        let task = Task {
            let result = await self.runPipeline(for: target, progress: onProgress) {
                (response: Response) throws(CourierError) in
                try self.checkEnvelope(of: response, target: target)
            }
            // The last progress step (1.0, with the response) comes before the completion.
            if case .success(let response) = result { reporter?.finish(with: response) }
            await CompletionDelivery.deliver(result, to: completion, queue: queue)
        }
        cancellable.attach(task)
        return cancellable
    }

    /// Sends `target` and streams its progress, ending with a step that carries the response.
    ///
    /// ```swift
    /// for try await step in provider.requestWithProgress(.download(name: "report.pdf")) {
    ///     if let response = step.response { print("saved to", response.fileURL as Any) }
    ///     else { print(Int(step.progress * 100), "%") }
    /// }
    /// ```
    ///
    /// Ending the iteration early cancels the call.
    public func requestWithProgress(_ target: Target) -> AsyncThrowingStream<ProgressResponse, any Error> {
        AsyncThrowingStream { continuation in
            let reporter = ProgressReporter { continuation.yield($0) }
            let task = Task {
                let result = await self.runPipeline(for: target, progress: { reporter.report($0) }) {
                    (response: Response) throws(CourierError) in
                    try self.checkEnvelope(of: response, target: target)
                }
                switch result {
                case .success(let response):
                    reporter.finish(with: response)
                    continuation.finish()
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func checkEnvelope(of response: Response, target: Target) throws(CourierError) {
        guard let envelope = envelope(for: target) else { return }
        do {
            try envelope.validate(response, using: options.decoder)
        } catch {
            throw Self.mappingError(error, response: response)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from response: Response, target: Target) throws(CourierError) -> T {
        do {
            if let envelope = envelope(for: target) {
                return try envelope.decode(T.self, from: response, using: options.decoder)
            }
            return try response.map(T.self, using: options.decoder)
        } catch {
            throw Self.mappingError(error, response: response)
        }
    }

    private static func mappingError(_ error: any Error, response: Response) -> CourierError {
        if let courierError = error as? CourierError { return courierError }
        if let decodingError = error as? DecodingError, decodingError.isInvalidJSON {
            return .jsonMapping(response)
        }
        return .objectMapping(error, response)
    }
}
