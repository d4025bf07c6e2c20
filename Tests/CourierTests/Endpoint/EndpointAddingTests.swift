import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Endpoint.adding(newHTTPHeaderFields:) and replacing(task:)")
struct EndpointHeaderAndReplacingTests {
    private func endpoint(task: RequestTask = .requestPlain, headers: [String: String]?) -> Endpoint {
        Provider<CoreTestTarget>.defaultEndpointMapping(for: CoreTestTarget(task: task, headers: headers))
    }

    @Test("headers are added to the target's")
    func addsHeaders() throws {
        let request = try endpoint(headers: ["Accept": "application/json"])
            .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"]).urlRequest()
        #expect(request.allHTTPHeaderFields?.count == 3)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "platform") == "iOS")
        #expect(request.value(forHTTPHeaderField: "sys_ver") == "17.4")
    }

    @Test("headers are added to a target without headers")
    func addsToNil() {
        let endpoint = endpoint(headers: nil).adding(newHTTPHeaderFields: ["platform": "iOS"])
        #expect(endpoint.httpHeaderFields == ["platform": "iOS"])
    }

    @Test("a new value wins, whatever the case of its name, and only one header remains")
    func newValueWinsCaseInsensitively() throws {
        let endpoint = endpoint(headers: ["content-type": "text/plain", "X-Keep": "1"])
            .adding(newHTTPHeaderFields: ["Content-Type": "application/json"])
        #expect(endpoint.httpHeaderFields == ["Content-Type": "application/json", "X-Keep": "1"])
        let request = try endpoint.urlRequest()
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/json")
    }

    @Test("a later adding wins over an earlier one")
    func laterAddingWins() {
        let endpoint = endpoint(headers: nil)
            .adding(newHTTPHeaderFields: ["X-Version": "1"])
            .adding(newHTTPHeaderFields: ["x-version": "2"])
        #expect(endpoint.httpHeaderFields == ["x-version": "2"])
    }

    @Test("an endpoint is a value: adding leaves the original unchanged")
    func valueSemantics() {
        let original = endpoint(headers: ["A": "1"])
        let changed = original.adding(newHTTPHeaderFields: ["A": "2"]).adding(parameters: ["uid": "7"])
        #expect(original.httpHeaderFields == ["A": "1"])
        #expect(changed.httpHeaderFields == ["A": "2"])
        guard case .requestPlain = original.task else {
            Issue.record("the original task changed: \(original.task)")
            return
        }
    }

    @Test("replacing(task:) swaps the task and keeps URL, method and headers")
    func replacingTask() throws {
        let endpoint = endpoint(headers: ["platform": "iOS"])
            .replacing(task: .requestData(Data("new".utf8)))
        let request = try endpoint.urlRequest()
        #expect(request.httpBody == Data("new".utf8))
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
        #expect(request.value(forHTTPHeaderField: "platform") == "iOS")
        #expect(endpoint.method == .get)
    }

    @Test(
        "replacing(task:) after adding(parameters:) sends exactly the new task, whatever the old one was",
        arguments: [
            RequestTask.requestPlain,
            .requestJSONEncodable(["a": 1]),
            .uploadFile(URL(fileURLWithPath: "/tmp/f")),
            .requestData(Data("x".utf8)),
        ])
    func replacingAfterAdding(original: RequestTask) throws {
        let request = try endpoint(task: original, headers: nil)
            .adding(parameters: ["uid": "7"])
            .replacing(task: .requestPlain)
            .urlRequest()
        #expect(request.url?.query == nil)
        #expect(request.httpBody == nil)
    }

    @Test("the sample response closure survives adding and replacing")
    func sampleResponseKept() {
        let endpoint = endpoint(headers: nil).adding(newHTTPHeaderFields: ["a": "b"])
            .adding(parameters: ["c": 1]).replacing(task: .requestPlain)
        guard case .networkResponse(let status, let data) = endpoint.sampleResponseClosure() else {
            Issue.record("unexpected sample response")
            return
        }
        #expect(status == 200)
        #expect(data == Data(#"{"ok":true}"#.utf8))
    }
}

/// `adding(parameters:)` for every `RequestTask` case, per the table in `Endpoint.swift`:
/// nothing is dropped and the target's own value wins on a clash.
@Suite("Endpoint.adding(parameters:) for every RequestTask case")
struct EndpointAddingParametersTests {
    private let common: [String: any Sendable] = ["uid": "10086", "app_ver": "3.2.0", "area": "common"]
    private let destination: DownloadDestination = { temporaryURL, _ in temporaryURL }
    private let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]

    private func request(_ task: RequestTask, method: HTTPMethod = .post) throws -> URLRequest {
        let target = CoreTestTarget(method: method, task: task)
        return try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).adding(parameters: common).urlRequest()
    }

    private var commonQuery: [String: String] { ["uid": "10086", "app_ver": "3.2.0", "area": "common"] }

    @Test("requestPlain: the query string")
    func requestPlain() throws {
        let request = try request(.requestPlain, method: .get)
        #expect(request.queryDictionary == commonQuery)
        #expect(request.httpBody == nil)
    }

    @Test("requestPlain with POST: still the query string")
    func requestPlainPost() throws {
        let request = try request(.requestPlain, method: .post)
        #expect(request.queryDictionary == commonQuery)
        #expect(request.httpBody == nil)
    }

    @Test("requestData: the query string, the body untouched")
    func requestData() throws {
        let request = try request(.requestData(Data("raw".utf8)))
        #expect(request.queryDictionary == commonQuery)
        #expect(request.httpBody == Data("raw".utf8))
    }

    @Test("requestJSONEncodable: the query string, the body untouched")
    func requestJSONEncodable() throws {
        let request = try request(.requestJSONEncodable(["area": "own"]))
        #expect(request.queryDictionary == commonQuery)
        #expect(request.bodyText == #"{"area":"own"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("requestCustomJSONEncodable: the query string, the body untouched")
    func requestCustomJSONEncodable() throws {
        let request = try request(.requestCustomJSONEncodable(["area": "own"], encoder: JSONEncoder()))
        #expect(request.queryDictionary == commonQuery)
        #expect(request.bodyText == #"{"area":"own"}"#)
    }

    @Test("requestParameters in the query: merged, the target's value wins")
    func requestParametersQuery() throws {
        let request = try request(
            .requestParameters(parameters: ["area": "CN", "key": "k"], encoding: URLEncoding.queryString))
        #expect(request.queryDictionary == ["uid": "10086", "app_ver": "3.2.0", "area": "CN", "key": "k"])
    }

    @Test("requestParameters in a form body: merged into the body, the target's value wins")
    func requestParametersForm() throws {
        let request = try request(
            .requestParameters(parameters: ["area": "CN", "pageSize": 20], encoding: URLEncoding.httpBody))
        let form = try #require(request.bodyText)
        let pairs = Set(form.split(separator: "&").map(String.init))
        #expect(pairs == ["app_ver=3.2.0", "area=CN", "pageSize=20", "uid=10086"])
        #expect(request.url?.query == nil)
    }

    @Test("requestParameters in a JSON body: merged into the body, the target's value wins")
    func requestParametersJSON() throws {
        let request = try request(
            .requestParameters(parameters: ["area": "CN", "pageSize": 20], encoding: JSONEncoding.default))
        let json = try #require(request.jsonBody)
        #expect(json["uid"] as? String == "10086")
        #expect(json["app_ver"] as? String == "3.2.0")
        #expect(json["area"] as? String == "CN")
        #expect(json["pageSize"] as? Int == 20)
        #expect(json.count == 4)
        #expect(request.url?.query == nil)
    }

    @Test("requestCompositeData: merged into the URL parameters, the body untouched")
    func requestCompositeData() throws {
        let request = try request(.requestCompositeData(bodyData: Data("raw".utf8), urlParameters: ["area": "CN"]))
        #expect(request.queryDictionary == ["uid": "10086", "app_ver": "3.2.0", "area": "CN"])
        #expect(request.httpBody == Data("raw".utf8))
    }

    @Test("requestCompositeParameters: merged into the URL parameters, the body parameters untouched")
    func requestCompositeParameters() throws {
        let request = try request(
            .requestCompositeParameters(
                bodyParameters: ["page": 1], bodyEncoding: URLEncoding.httpBody, urlParameters: ["area": "CN"]))
        #expect(request.queryDictionary == ["uid": "10086", "app_ver": "3.2.0", "area": "CN"])
        #expect(request.bodyText == "page=1")
    }

    @Test("uploadFile: the query string")
    func uploadFile() throws {
        let request = try request(.uploadFile(URL(fileURLWithPath: "/tmp/courier-upload.bin")))
        #expect(request.queryDictionary == commonQuery)
    }

    @Test("uploadMultipart: the query string, still multipart")
    func uploadMultipart() throws {
        let request = try request(.uploadMultipart(parts))
        #expect(request.queryDictionary == commonQuery)
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") == true)
    }

    @Test("uploadCompositeMultipart: merged into the URL parameters")
    func uploadCompositeMultipart() throws {
        let request = try request(.uploadCompositeMultipart(parts, urlParameters: ["area": "CN", "album": "a"]))
        #expect(request.queryDictionary == ["uid": "10086", "app_ver": "3.2.0", "area": "CN", "album": "a"])
    }

    @Test("downloadDestination: the query string")
    func downloadDestination() throws {
        let request = try request(.downloadDestination(destination), method: .get)
        #expect(request.queryDictionary == commonQuery)
    }

    @Test("downloadParameters: merged into the parameters")
    func downloadParameters() throws {
        let request = try request(
            .downloadParameters(
                parameters: ["area": "CN"], encoding: URLEncoding.queryString, destination: destination),
            method: .get)
        #expect(request.queryDictionary == ["uid": "10086", "app_ver": "3.2.0", "area": "CN"])
    }

    @Test("the task keeps its kind: a download stays a download, an upload an upload")
    func taskKindKept() {
        let base = { (task: RequestTask) in
            Provider<CoreTestTarget>.defaultEndpointMapping(for: CoreTestTarget(task: task)).adding(parameters: common)
                .task
        }
        #expect(base(.downloadDestination(destination)).isDownload)
        #expect(
            base(.downloadParameters(parameters: [:], encoding: URLEncoding.default, destination: destination))
                .isDownload)
        #expect(base(.uploadMultipart(parts)).isUpload)
        #expect(base(.uploadFile(URL(fileURLWithPath: "/tmp/f"))).isUpload)
        #expect(base(.uploadCompositeMultipart(parts, urlParameters: [:])).isUpload)
    }

    @Test("adding twice: both sets are sent; the earlier one wins on a clash, the target's own value over both")
    func addingTwice() throws {
        let target = CoreTestTarget(
            task: .requestParameters(parameters: ["own": "o", "shared": "target"], encoding: URLEncoding.queryString))
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: target)
            .adding(parameters: ["first": "1", "shared": "first", "clash": "first"])
            .adding(parameters: ["second": "2", "shared": "second", "clash": "second"])
            .urlRequest()
        #expect(
            request.queryDictionary == [
                "own": "o", "shared": "target", "first": "1", "second": "2", "clash": "first",
            ])
    }

    @Test("adding twice to an Encodable task follows the same rule")
    func addingTwiceEncodable() throws {
        let target = CoreTestTarget(method: .post, task: .requestJSONEncodable(["a": 1]))
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: target)
            .adding(parameters: ["first": "1", "clash": "first"])
            .adding(parameters: ["second": "2", "clash": "second"])
            .urlRequest()
        #expect(request.queryDictionary == ["first": "1", "second": "2", "clash": "first"])
    }

    @Test("adding no parameters changes nothing")
    func addingNothing() throws {
        let target = CoreTestTarget(task: .requestPlain)
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).adding(parameters: [:])
            .urlRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items")
    }
}
