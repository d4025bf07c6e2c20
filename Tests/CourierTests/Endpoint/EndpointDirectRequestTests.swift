import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `urlRequest()` makes plain and `URLEncoding` requests in one go from their parts; the result
/// is the request Foundation builds step by step.
@Suite("Endpoint.urlRequest(): the one-go request equals the step-by-step one")
struct EndpointDirectRequestTests {
    /// The request as built before: URL, method, headers, then the encoding.
    private func stepByStep(_ endpoint: Endpoint) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: endpoint.url)))
        request.httpMethod = endpoint.method.rawValue
        request.allHTTPHeaderFields = endpoint.httpHeaderFields
        if case .requestParameters(let parameters, let encoding) = endpoint.task {
            request = try encoding.encode(request, with: parameters)
        }
        return request
    }

    private static let encodings: [URLEncoding] = [
        .default, .queryString, .httpBody, URLEncoding(destination: .methodDependent, arrayEncoding: .noBrackets),
    ]

    private static let cases: [(url: String, headers: [String: String]?, parameters: [String: any Sendable])] = [
        ("https://api.example.com/v1/items", nil, ["page": 1, "size": 20, "q": "茶 & tea"]),
        ("https://api.example.com/v1/items?sort=asc", ["X-Trace": "t1"], ["page": 2]),
        ("https://api.example.com/v1/items#top", ["content-type": "text/plain"], ["ids": [1, 2], "on": true]),
        ("https://api.example.com", [:], ["a": "b"]),
        ("http://[::1]:8080/p%20q/", ["Content-Type": "application/json"], [:]),
        ("https://user@api.example.com/v1/items", nil, ["none": String?.none as any Sendable]),
    ]

    @Test("requestParameters with URLEncoding, every method and destination", arguments: HTTPMethod.allCases)
    func urlEncodedParameters(method: HTTPMethod) throws {
        for encoding in Self.encodings {
            for (url, headers, parameters) in Self.cases {
                let endpoint = Endpoint(
                    url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: method,
                    task: .requestParameters(parameters: parameters, encoding: encoding), httpHeaderFields: headers)
                try expectSame(try endpoint.urlRequest(), try stepByStep(endpoint), "\(method) \(url) \(encoding)")
            }
        }
    }

    @Test("requestPlain, every method", arguments: HTTPMethod.allCases)
    func plain(method: HTTPMethod) throws {
        for (url, headers, _) in Self.cases {
            let endpoint = Endpoint(
                url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: method,
                task: .requestPlain, httpHeaderFields: headers)
            try expectSame(try endpoint.urlRequest(), try stepByStep(endpoint), "\(method) \(url)")
        }
    }

    private func expectSame(_ direct: URLRequest, _ reference: URLRequest, _ label: String) throws {
        #expect(direct.url == reference.url, "\(label)")
        #expect(direct.url?.absoluteString == reference.url?.absoluteString, "\(label)")
        #expect(direct.httpMethod == reference.httpMethod, "\(label)")
        #expect(direct.allHTTPHeaderFields == reference.allHTTPHeaderFields, "\(label)")
        #expect(direct.httpBody == reference.httpBody, "\(label)")
        #expect(direct.timeoutInterval == reference.timeoutInterval, "\(label)")
        #expect(direct.cachePolicy == reference.cachePolicy, "\(label)")
    }
}
