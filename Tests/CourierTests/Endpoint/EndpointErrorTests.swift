import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A task that cannot be built is a typed `CourierError`, never a crash.
@Suite("Endpoint.urlRequest() errors")
struct EndpointErrorTests {
    private let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]

    private func urlRequest(_ target: CoreTestTarget) throws(CourierError) -> URLRequest {
        try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).urlRequest()
    }

    @Test("multipart with GET or HEAD is .requestMapping", arguments: [HTTPMethod.get, .head])
    func multipartWithGet(method: HTTPMethod) throws {
        for task in [RequestTask.uploadMultipart(parts), .uploadCompositeMultipart(parts, urlParameters: ["a": 1])] {
            let error = #expect(throws: CourierError.self) {
                try urlRequest(CoreTestTarget(method: method, task: task))
            }
            #expect(error?.testCaseName == "requestMapping")
            #expect(error?.errorDescription?.contains(method.rawValue) == true)
        }
    }

    @Test("an Encodable that throws is .encodableMapping carrying its error")
    func throwingEncodable() throws {
        for task in [
            RequestTask.requestJSONEncodable(ThrowingEncodable()),
            .requestCustomJSONEncodable(ThrowingEncodable(), encoder: JSONEncoder()),
        ] {
            let error = #expect(throws: CourierError.self) {
                try urlRequest(CoreTestTarget(method: .post, task: task))
            }
            #expect(error?.testCaseName == "encodableMapping")
            #expect(error?.underlyingError as? MarkerError == MarkerError(name: "cannot encode"))
        }
    }

    @Test("a value JSON cannot hold (NaN) is .encodableMapping")
    func encodableNaN() {
        let error = #expect(throws: CourierError.self) {
            try urlRequest(CoreTestTarget(method: .post, task: .requestJSONEncodable(["x": Double.nan])))
        }
        #expect(error?.testCaseName == "encodableMapping")
    }

    @Test(
        "parameters JSONSerialization rejects are .parameterEncoding",
        arguments: [
            ["date": Date(timeIntervalSince1970: 0)] as [String: any Sendable],
            ["nan": Double.nan],
            ["nested": ["bad": Double.infinity]],
            ["object": MarkerError()],
        ])
    func invalidJSONParameters(parameters: [String: any Sendable]) {
        let error = #expect(throws: CourierError.self) {
            try urlRequest(
                CoreTestTarget(
                    method: .post, task: .requestParameters(parameters: parameters, encoding: JSONEncoding.default)))
        }
        #expect(error?.testCaseName == "parameterEncoding")
        #expect(error?.errorDescription?.isEmpty == false)
    }

    @Test("a throwing ParameterEncoding is .parameterEncoding carrying its error")
    func throwingEncoding() {
        struct RefusingEncoding: ParameterEncoding {
            func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
                throw MarkerError(name: "refused")
            }
        }
        let error = #expect(throws: CourierError.self) {
            try urlRequest(CoreTestTarget(task: .requestParameters(parameters: ["a": 1], encoding: RefusingEncoding())))
        }
        #expect(error?.testCaseName == "parameterEncoding")
        #expect(error?.underlyingError as? MarkerError == MarkerError(name: "refused"))
    }

    @Test("requestCompositeParameters with a query-string body encoding is .requestMapping")
    func compositeWithQueryBodyEncoding() {
        let error = #expect(throws: CourierError.self) {
            try urlRequest(
                CoreTestTarget(
                    method: .post,
                    task: .requestCompositeParameters(
                        bodyParameters: ["a": 1], bodyEncoding: URLEncoding.queryString, urlParameters: ["b": 2])))
        }
        #expect(error?.testCaseName == "requestMapping")
    }

    @Test("an invalid URL is .requestMapping naming it", arguments: ["", "not a url", "/relative/path", "http://[bad"])
    func invalidURL(url: String) {
        let endpoint = Endpoint(
            url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain,
            httpHeaderFields: nil)
        let error = #expect(throws: CourierError.self) { try endpoint.urlRequest() }
        #expect(error?.testCaseName == "requestMapping")
        #expect(error?.errorDescription?.contains(url.isEmpty ? "the URL is empty" : url) == true)
    }

    @Test("a provider reports a task that cannot be built as the same typed error, without sending anything")
    func providerReportsMappingErrors() async {
        let provider = Provider<CoreTestTarget>(transport: UnreachableTransport())
        let multipartGet = CoreTestTarget(method: .get, task: .uploadMultipart(parts))
        await #expect {
            try await provider.request(multipartGet)
        } throws: { error in
            (error as? CourierError)?.testCaseName == "requestMapping"
        }
        let throwing = CoreTestTarget(method: .post, task: .requestJSONEncodable(ThrowingEncodable()))
        await #expect {
            try await provider.request(throwing)
        } throws: { error in
            (error as? CourierError)?.testCaseName == "encodableMapping"
        }
    }
}
