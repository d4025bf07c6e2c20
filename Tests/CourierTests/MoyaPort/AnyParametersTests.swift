import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moya-style `[String: Any]` parameters: the lines that built them port unchanged, JSON-like
/// values are sent as their `Sendable` equivalents, anything else fails with a typed error.
@Suite struct AnyParametersTests {
    private func request(_ task: RequestTask, method: HTTPMethod = .get) throws(CourierError) -> URLRequest {
        try Endpoint(
            url: "https://api.example.com/items", sampleResponseClosure: { .networkResponse(200, Data()) },
            method: method, task: task, httpHeaderFields: nil
        ).urlRequest()
    }

    @Test func aMoyaParameterDictionaryIsSentAsItsSendableEquivalent() throws {
        let missing: String? = nil
        var parameters: [String: Any] = ["page": 1, "filter": ["lang": "swift", "tags": ["a", "b"]] as [String: Any]]
        parameters["small"] = Int8(3)
        parameters["ratio"] = 0.5
        parameters["missing"] = missing as Any
        parameters["null"] = NSNull()
        parameters["boxed"] = 7 as AnyObject
        parameters["number"] = NSNumber(value: 9)
        parameters["text"] = "a+b" as NSString
        let sendable: [String: any Sendable] = [
            "page": 1, "filter": ["lang": "swift", "tags": ["a", "b"]] as [String: any Sendable], "small": Int8(3),
            "ratio": 0.5, "boxed": 7,
            "number": 9, "text": "a+b",
        ]
        for encoding in [URLEncoding.default, URLEncoding.httpBody] {
            let converted = try request(.requestParameters(parameters: parameters, encoding: encoding), method: .post)
            let expected = try request(.requestParameters(parameters: sendable, encoding: encoding), method: .post)
            #expect(converted.url == expected.url)
            #expect(converted.httpBody == expected.httpBody)
        }
        let json = try request(
            .requestParameters(parameters: parameters, encoding: JSONEncoding.default), method: .post)
        let object = try #require(try JSONSerialization.jsonObject(with: json.httpBody ?? Data()) as? [String: Any])
        #expect(object["null"] is NSNull && object["missing"] is NSNull)
        #expect((object["filter"] as? [String: Any])?["tags"] as? [String] == ["a", "b"])
        #expect(object["boxed"] as? Int == 7 && object["text"] as? String == "a+b")
    }

    @Test func anAnyObjectDictionaryLiteralPortsUnchanged() throws {
        let task: RequestTask = .requestParameters(
            parameters: ["ids": [1, 2] as AnyObject, "read": true as AnyObject], encoding: URLEncoding.queryString)
        #expect(try request(task).url?.query == "ids%5B%5D=1&ids%5B%5D=2&read=1")
    }

    @Test func aDateIsATypedErrorNamingItsPath() throws {
        let parameters: [String: Any] = ["filter": ["since": Date(timeIntervalSince1970: 0)], "page": 1]
        let error = #expect(throws: CourierError.self) {
            try request(.requestParameters(parameters: parameters, encoding: URLEncoding.default))
        }
        guard case .parameterEncoding(let underlying) = error else { throw ConversionTestError.notParameterEncoding }
        #expect(
            underlying as? ParameterConversionError == ParameterConversionError(path: "filter.since", typeName: "Date"))
        #expect("\(underlying)".contains("`filter.since` is a Date"))
    }

    @Test func aCustomClassIsATypedErrorInEveryParameterCase() throws {
        let bad: [String: Any] = ["ids": [1, Marker()]]
        let body = Data("{}".utf8)
        let destination: DownloadDestination = { temporaryURL, _ in temporaryURL }
        let tasks: [RequestTask] = [
            .requestParameters(parameters: bad, encoding: JSONEncoding.default),
            .requestCompositeData(bodyData: body, urlParameters: bad),
            .requestCompositeParameters(
                bodyParameters: ["ok": 1] as [String: Any], bodyEncoding: JSONEncoding.default, urlParameters: bad),
            .uploadCompositeMultipart([MultipartFormBodyPart(provider: .data(body), name: "f")], urlParameters: bad),
            .downloadParameters(parameters: bad, encoding: URLEncoding.default, destination: destination),
        ]
        for task in tasks {
            let error = #expect(throws: CourierError.self) {
                try Endpoint(
                    url: "https://api.example.com/items", sampleResponseClosure: { .networkResponse(200, Data()) },
                    method: .post, task: task, httpHeaderFields: nil
                ).adding(parameters: ["common": "1"]).urlRequest()
            }
            guard case .parameterEncoding(let underlying) = error else {
                throw ConversionTestError.notParameterEncoding
            }
            #expect(
                underlying as? ParameterConversionError == ParameterConversionError(path: "ids[1]", typeName: "Marker"))
        }
    }

    @Test func theCompositeCasesConvertTheirParameters() throws {
        let query: [String: Any] = ["v": 2 as AnyObject, "tags": ["x"]]
        let body = Data("raw".utf8)
        let composite = try request(.requestCompositeData(bodyData: body, urlParameters: query), method: .post)
        #expect(composite.url?.query == "tags%5B%5D=x&v=2")
        #expect(composite.httpBody == body)
        let form: [String: Any] = ["name": "a b"]
        let both = try request(
            .requestCompositeParameters(bodyParameters: form, bodyEncoding: URLEncoding.httpBody, urlParameters: query),
            method: .post)
        #expect(both.url?.query == "tags%5B%5D=x&v=2")
        #expect(both.httpBody == Data("name=a%20b".utf8))
    }
}

private final class Marker {}

private enum ConversionTestError: Error {
    case notParameterEncoding
}
