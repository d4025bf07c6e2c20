import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer of a stub: a response (status, headers, body) or a failure, optionally after a
/// delay.
///
/// ```swift
/// stubs.when(MallAPI.product(id: 7)).respond(.json(product))                 // 200, encoded
/// stubs.when(MallAPI.product(id: 8)).respond(.json(#"{"code": 919}"#, status: 200))
/// stubs.when(MallAPI.product(id: 9)).respond(.status(500).delayed(by: 0.2))
/// stubs.when(MallAPI.product(id: 10)).respond(.offline)
/// ```
public struct StubAnswer: Sendable {
    enum Outcome: Sendable {
        case response(status: Int, headers: [String: String], body: Data)
        case failure(any Error)
        case stream(status: Int, headers: [String: String], parts: [StubStreamPart])
    }

    let outcome: Outcome
    /// Seconds to wait before answering.
    let delay: TimeInterval

    init(_ outcome: Outcome, delay: TimeInterval = 0) {
        self.outcome = outcome
        self.delay = delay
    }

    /// A response with `code`, `headers` and `body` (empty by default).
    public static func status(_ code: Int, headers: [String: String] = [:], body: Data = Data()) -> StubAnswer {
        StubAnswer(.response(status: code, headers: headers, body: body))
    }

    /// A response whose body is `text` in UTF-8, `Content-Type: text/plain` unless `headers`
    /// set one; status `200` by default.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        let headers = HTTPResponses.adding("Content-Type", "text/plain; charset=utf-8", to: headers)
        return StubAnswer(.response(status: status, headers: headers, body: Data(text.utf8)))
    }

    /// A response whose body is the JSON text `json`, sent as is, with
    /// `Content-Type: application/json` unless `headers` set one; status `200` by default.
    ///
    /// ```swift
    /// .json(#"{"code": 0, "msg": "ok", "data": {"id": 7}}"#)
    /// ```
    public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        let headers = HTTPResponses.adding("Content-Type", "application/json", to: headers)
        return StubAnswer(.response(status: status, headers: headers, body: Data(json.utf8)))
    }

    /// A response whose body is `value` encoded as JSON by `encoder` (a plain `JSONEncoder` by
    /// default), with `Content-Type: application/json` unless `headers` set one; status `200`
    /// by default. Pass a `String` to ``json(_:status:headers:)`` to send JSON text as is.
    ///
    /// When `value` cannot be encoded, the answer is a failure with
    /// ``StubTransportError/cannotEncode(_:)``, so the test sees why.
    public static func json<Value: Encodable>(
        _ value: Value, status: Int = 200, headers: [String: String] = [:], encoder: JSONEncoder = JSONEncoder()
    ) -> StubAnswer {
        let body: Data
        do {
            body = try encoder.encode(value)
        } catch {
            return .failure(StubTransportError.cannotEncode("\(Value.self): \(error)"))
        }
        let headers = HTTPResponses.adding("Content-Type", "application/json", to: headers)
        return StubAnswer(.response(status: status, headers: headers, body: body))
    }

    /// A response whose body is the fixture's file, with a `Content-Type` that follows its
    /// extension (`application/json` for `.json`) unless `headers` set one; status `200` by default.
    ///
    /// ```swift
    /// stubs.when(MallAPI.goods(firstPage)).respond(.fixture(try Fixture.named("goods_page1", in: .module)))
    /// ```
    public static func fixture(_ fixture: Fixture, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        let headers = HTTPResponses.adding("Content-Type", fixture.contentType, to: headers)
        return StubAnswer(.response(status: status, headers: headers, body: fixture.data))
    }

    /// A response whose body is `target.sampleData`, as Moya's stubs answer; status `200` by default.
    public static func sampleData<T: TargetType>(
        of target: T, status: Int = 200, headers: [String: String] = [:]
    ) -> StubAnswer {
        StubAnswer(.response(status: status, headers: headers, body: target.sampleData))
    }

    /// The transport fails with `error`; the provider reports it as `CourierError.underlying`.
    public static func failure(_ error: any Error) -> StubAnswer {
        StubAnswer(.failure(error))
    }

    /// The transport fails as a device without a connection does: `URLError(.notConnectedToInternet)`.
    public static var offline: StubAnswer { .failure(URLError(.notConnectedToInternet)) }

    /// The transport fails as a request that ran out of time does: `URLError(.timedOut)`.
    public static var timedOut: StubAnswer { .failure(URLError(.timedOut)) }

    /// The same answer, given `seconds` after the request arrives (its progress steps too).
    ///
    /// The wait ends early when the caller's task is cancelled, and the call then fails with
    /// `CancellationError`, as a real transport does. A negative or NaN delay is no delay.
    public func delayed(by seconds: TimeInterval) -> StubAnswer {
        // At most about 31 years: "forever" for a test, and no overflow in nanoseconds.
        let limit: TimeInterval = 1e9
        return StubAnswer(outcome, delay: seconds > 0 ? min(seconds, limit) : 0)
    }

    /// Waits for the delay, then answers `request`.
    func answer(_ request: TransportRequest) async throws -> TransportResponse {
        if delay > 0 {
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .stream(let status, let headers, let parts):
            // Not a streaming call: the whole body, or the failure that cuts it.
            return try HTTPResponses.make(for: request, status: status, headers: headers, body: try parts.wholeBody())
        case .response(let status, let headers, let body):
            let response = try HTTPResponses.make(for: request, status: status, headers: headers, body: body)
            // A few growing steps, as a real transfer reports, so progress UI can be tested offline.
            if let progress = request.progress {
                let upload = StubbedProgress.uploadSource(of: request.kind)
                let total = StubbedProgress.total(of: upload, responseBytes: body.count)
                for step in StubbedProgress.steps(total: total) { progress(step) }
            }
            return response
        }
    }
}
