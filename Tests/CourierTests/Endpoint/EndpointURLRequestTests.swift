import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every `RequestTask` case turned into a `URLRequest` by `Endpoint.urlRequest()`.
@Suite("Endpoint.urlRequest() for every RequestTask case")
struct EndpointURLRequestTests {
    private struct Profile: Codable, Equatable {
        var nickName: String
        var age: Int
    }

    private let destination: DownloadDestination = { temporaryURL, _ in temporaryURL }

    private func request(
        _ task: RequestTask, method: HTTPMethod = .post, headers: [String: String]? = ["X-Trace": "t1"]
    ) throws -> URLRequest {
        let target = CoreTestTarget(path: "/items", method: method, task: task, headers: headers)
        return try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).urlRequest()
    }

    @Test("requestPlain: URL, method and headers, no body")
    func requestPlain() throws {
        let request = try request(.requestPlain, method: .get)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "t1")
        #expect(request.httpBody == nil)
    }

    @Test("every method is sent as its name", arguments: HTTPMethod.allCases)
    func methods(method: HTTPMethod) throws {
        #expect(try request(.requestPlain, method: method).httpMethod == method.rawValue)
    }

    @Test("requestData: the bytes as they are, no Content-Type invented")
    func requestData() throws {
        let bytes = Data([0x00, 0xFF, 0x10, 0x41])
        let request = try request(.requestData(bytes))
        #expect(request.httpBody == bytes)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.url?.query == nil)
    }

    @Test("requestJSONEncodable: the JSON of the value, Content-Type application/json")
    func requestJSONEncodable() throws {
        let request = try request(.requestJSONEncodable(Profile(nickName: "小明", age: 18)))
        let body = try #require(request.httpBody)
        #expect(try JSONDecoder().decode(Profile.self, from: body) == Profile(nickName: "小明", age: 18))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("requestJSONEncodable keeps a Content-Type the target set")
    func requestJSONEncodableKeepsContentType() throws {
        let request = try request(
            .requestJSONEncodable(Profile(nickName: "a", age: 1)),
            headers: ["content-type": "application/vnd.api+json"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        #expect(request.allHTTPHeaderFields?.count == 1)
    }

    @Test("requestCustomJSONEncodable: encoded with the given encoder")
    func requestCustomJSONEncodable() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let request = try request(.requestCustomJSONEncodable(Profile(nickName: "a", age: 1), encoder: encoder))
        #expect(request.bodyText == #"{"age":1,"nick_name":"a"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("requestParameters with URLEncoding.queryString: in the query, no body")
    func requestParametersQuery() throws {
        let request = try request(
            .requestParameters(parameters: ["area": "CN", "key": 7], encoding: URLEncoding.queryString))
        #expect(request.queryDictionary == ["area": "CN", "key": "7"])
        #expect(request.httpBody == nil)
        #expect(request.httpMethod == "POST")
    }

    @Test("requestParameters with URLEncoding.httpBody: a form body")
    func requestParametersForm() throws {
        let request = try request(
            .requestParameters(parameters: ["pageCurrent": 1, "pageSize": 20], encoding: URLEncoding.httpBody))
        #expect(request.bodyText == "pageCurrent=1&pageSize=20")
        #expect(request.url?.query == nil)
    }

    @Test("requestParameters with JSONEncoding: a JSON body")
    func requestParametersJSON() throws {
        let request = try request(
            .requestParameters(parameters: ["pageCurrent": 1, "name": "手机"], encoding: JSONEncoding.default))
        let json = try #require(request.jsonBody)
        #expect(json["pageCurrent"] as? Int == 1)
        #expect(json["name"] as? String == "手机")
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        #expect(request.url?.query == nil)
    }

    @Test("requestCompositeData: the bytes as body, the parameters in the query")
    func requestCompositeData() throws {
        let bytes = Data("raw body".utf8)
        let request = try request(.requestCompositeData(bodyData: bytes, urlParameters: ["uid": "10086"]))
        #expect(request.httpBody == bytes)
        #expect(request.queryDictionary == ["uid": "10086"])
    }

    @Test("requestCompositeParameters: body parameters in the body, URL parameters in the query")
    func requestCompositeParameters() throws {
        let request = try request(
            .requestCompositeParameters(
                bodyParameters: ["page": 2], bodyEncoding: URLEncoding.httpBody, urlParameters: ["uid": "7"]))
        #expect(request.bodyText == "page=2")
        #expect(request.queryDictionary == ["uid": "7"])
    }

    @Test("requestCompositeParameters with a JSON body")
    func requestCompositeParametersJSON() throws {
        let request = try request(
            .requestCompositeParameters(
                bodyParameters: ["page": 2], bodyEncoding: JSONEncoding.default, urlParameters: ["uid": "7"]))
        #expect(request.jsonBody?["page"] as? Int == 2)
        #expect(request.queryDictionary == ["uid": "7"])
    }

    @Test("uploadFile: no body in the request (the file is streamed when sent)")
    func uploadFile() throws {
        let request = try request(.uploadFile(URL(fileURLWithPath: "/tmp/courier-upload.bin")), method: .put)
        #expect(request.httpMethod == "PUT")
        #expect(request.httpBody == nil)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
    }

    @Test("uploadMultipart: a multipart Content-Type with a boundary, the body streamed when sent")
    func uploadMultipart() throws {
        let parts = [MultipartFormBodyPart(provider: .data(Data("Sunset".utf8)), name: "caption")]
        let request = try request(.uploadMultipart(parts))
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        #expect(contentType.count > "multipart/form-data; boundary=".count + 16)
        #expect(request.httpBody == nil)
        #expect(request.url?.query == nil)
    }

    @Test("uploadMultipart keeps a multipart Content-Type the target set")
    func uploadMultipartKeepsContentType() throws {
        let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]
        let request = try request(
            .uploadMultipart(parts), headers: ["Content-Type": "multipart/form-data; boundary=fixed"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=fixed")
    }

    @Test("two multipart requests get different boundaries")
    func boundariesDiffer() throws {
        let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]
        let first = try request(.uploadMultipart(parts)).value(forHTTPHeaderField: "Content-Type")
        let second = try request(.uploadMultipart(parts)).value(forHTTPHeaderField: "Content-Type")
        #expect(first != second)
    }

    @Test("uploadCompositeMultipart: multipart Content-Type and the parameters in the query")
    func uploadCompositeMultipart() throws {
        let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]
        let request = try request(.uploadCompositeMultipart(parts, urlParameters: ["album": "trip"]))
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") == true)
        #expect(request.queryDictionary == ["album": "trip"])
    }

    @Test("downloadDestination: a plain request")
    func downloadDestination() throws {
        let request = try request(.downloadDestination(destination), method: .get)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
        #expect(request.httpBody == nil)
    }

    @Test("downloadParameters: the parameters follow their encoding")
    func downloadParameters() throws {
        let request = try request(
            .downloadParameters(
                parameters: ["name": "report.pdf"], encoding: URLEncoding.default, destination: destination),
            method: .get)
        #expect(request.queryDictionary == ["name": "report.pdf"])
        #expect(request.httpBody == nil)
    }

    @Test("the target's headers are all sent")
    func headers() throws {
        let request = try request(.requestPlain, headers: ["platform": "iOS", "sys_ver": "17.4", "X-Trace": "t2"])
        #expect(request.value(forHTTPHeaderField: "platform") == "iOS")
        #expect(request.value(forHTTPHeaderField: "sys_ver") == "17.4")
        #expect(request.value(forHTTPHeaderField: "x-trace") == "t2")
    }
}
