import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target turned into a concrete request description: a URL, a method, a task and headers,
/// plus the sample response a stub answers with.
///
/// A provider's endpoint closure makes one per call; it is where an app adds what every
/// call needs. Extend the default mapping rather than replacing it:
///
/// ```swift
/// let provider = Provider<RankAPI>(endpointClosure: { target in
///     Provider.defaultEndpointMapping(for: target)
///         .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
///         .adding(parameters: ["uid": "10086"])
/// })
/// ```
///
/// `Endpoint` is a value: each `adding` returns a changed copy.
public struct Endpoint: Sendable {
    /// Makes the response a stubbed call answers with.
    public typealias SampleResponseClosure = @Sendable () -> EndpointSampleResponse

    /// The absolute URL, as text.
    public let url: String
    /// Makes the stubbed response.
    public let sampleResponseClosure: SampleResponseClosure
    /// The HTTP method.
    public let method: HTTPMethod
    /// What the request carries.
    public let task: RequestTask
    /// The headers.
    public let httpHeaderFields: [String: String]?
    /// Common parameters that the task cannot carry itself (an `Encodable` body, a file
    /// upload); they are sent in the query string. See ``adding(parameters:)``.
    public let queryParameters: [String: any Sendable]

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - url: the absolute URL.
    ///   - sampleResponseClosure: makes the response a stubbed call answers with.
    ///   - method: the HTTP method.
    ///   - task: what the request carries.
    ///   - httpHeaderFields: the headers.
    public init(
        url: String, sampleResponseClosure: @escaping SampleResponseClosure, method: HTTPMethod, task: RequestTask,
        httpHeaderFields: [String: String]?
    ) {
        self.init(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: httpHeaderFields, queryParameters: [:])
    }

    private init(
        url: String, sampleResponseClosure: @escaping SampleResponseClosure, method: HTTPMethod, task: RequestTask,
        httpHeaderFields: [String: String]?, queryParameters: [String: any Sendable]
    ) {
        self.url = url
        self.sampleResponseClosure = sampleResponseClosure
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
        self.queryParameters = queryParameters
    }

    /// A copy with these headers added; a new value replaces an existing header of the same
    /// name, compared case-insensitively.
    public func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        var headers = httpHeaderFields ?? [:]
        if !newHTTPHeaderFields.isEmpty { headers.reserveCapacity(headers.count + newHTTPHeaderFields.count) }
        for (name, value) in newHTTPHeaderFields {
            for existing in headers.keys where HeaderFields.namesEqual(existing, name) {
                headers.removeValue(forKey: existing)
            }
            headers[name] = value
        }
        return copy(task: task, headers: headers, queryParameters: queryParameters)
    }

    /// A copy with another task; the URL, method, headers and sample response stay.
    ///
    /// The request then carries exactly `task`: common parameters added before are replaced
    /// with the old task, whatever its kind, so add them after replacing.
    public func replacing(task: RequestTask) -> Endpoint {
        copy(task: task, headers: httpHeaderFields, queryParameters: [:])
    }

    /// A copy that also sends these common parameters (a user id, an app version), whatever
    /// the task. The target's own value wins when both name the same key.
    ///
    /// | Task | Where the common parameters go |
    /// |---|---|
    /// | `requestPlain` | the query string |
    /// | `requestData` | the query string (`requestCompositeData`) |
    /// | `requestParameters` | merged into the parameters, so they follow the task's encoding |
    /// | `requestCompositeData`, `requestCompositeParameters` | merged into `urlParameters` |
    /// | `uploadMultipart` | the query string (`uploadCompositeMultipart`) |
    /// | `uploadCompositeMultipart` | merged into `urlParameters` |
    /// | `downloadDestination` | the query string (`downloadParameters`) |
    /// | `downloadParameters` | merged into the parameters |
    /// | `requestJSONEncodable`, `requestCustomJSONEncodable`, `uploadFile` | the query string (``queryParameters``) |
    public func adding(parameters: [String: any Sendable]) -> Endpoint {
        guard !parameters.isEmpty else { return self }
        /// `parameters` with `own` over them: on a clash `own` wins.
        func merged(_ own: [String: any Sendable]) -> [String: any Sendable] {
            // Sized once: `merging` copies `parameters` and rehashes the copy each time `own`'s keys outgrow it.
            var merged = [String: any Sendable](minimumCapacity: parameters.count + own.count)
            for (key, value) in parameters { merged[key] = value }
            for (key, value) in own { merged[key] = value }
            return merged
        }
        var extraQuery = queryParameters
        let newTask: RequestTask
        switch task {
        case .requestPlain:
            newTask = .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)
        case .requestData(let data):
            newTask = .requestCompositeData(bodyData: data, urlParameters: parameters)
        case .requestParameters(let own, let encoding):
            newTask = .requestParameters(parameters: merged(own), encoding: encoding)
        case .requestCompositeData(let body, let own):
            newTask = .requestCompositeData(bodyData: body, urlParameters: merged(own))
        case .requestCompositeParameters(let body, let encoding, let own):
            newTask = .requestCompositeParameters(
                bodyParameters: body, bodyEncoding: encoding, urlParameters: merged(own))
        case .uploadMultipart(let parts):
            newTask = .uploadCompositeMultipart(parts, urlParameters: parameters)
        case .uploadCompositeMultipart(let parts, let own):
            newTask = .uploadCompositeMultipart(parts, urlParameters: merged(own))
        case .downloadDestination(let destination):
            newTask = .downloadParameters(
                parameters: parameters, encoding: URLEncoding.queryString, destination: destination)
        case .downloadParameters(let own, let encoding, let destination):
            newTask = .downloadParameters(parameters: merged(own), encoding: encoding, destination: destination)
        case .requestJSONEncodable, .requestCustomJSONEncodable, .uploadFile:
            newTask = task
            extraQuery = merged(queryParameters)
        }
        return copy(task: newTask, headers: httpHeaderFields, queryParameters: extraQuery)
    }

    /// A copy whose stubbed calls answer from `sample` instead: CourierTesting's network switch.
    package func replacing(sampleResponseClosure sample: @escaping SampleResponseClosure) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sample, method: method, task: task, httpHeaderFields: httpHeaderFields,
            queryParameters: queryParameters)
    }

    private func copy(task: RequestTask, headers: [String: String]?, queryParameters: [String: any Sendable])
        -> Endpoint
    {
        Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: headers, queryParameters: queryParameters)
    }
}
