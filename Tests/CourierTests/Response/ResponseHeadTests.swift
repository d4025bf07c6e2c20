import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's `HTTPURLResponse` is made when first read, from the fields the head kept.
@Suite("Response head")
struct ResponseHeadTests {
    private let url = URL(string: "http://api.example.com/goods?page=1")!

    private func head(_ fields: [(String, String)], status: Int = 201) -> ResponseHead {
        ResponseHead(
            url: url, statusCode: status, version: "HTTP/1.1",
            fields: fields.map { HeaderField(name: $0.0, value: $0.1) })
    }

    @Test("status and headers are read from the fields without making the HTTPURLResponse")
    func readsWithoutMaking() {
        let head = head([("Content-Type", "application/json"), ("Vary", "a"), ("vary", "b")])
        #expect(head.statusCode == 201)
        #expect(head.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(head.value(forHTTPHeaderField: "VARY") == "a, b")
        #expect(head.value(forHTTPHeaderField: "X-Missing") == nil)
        #expect(!head.hasMadeResponse)
    }

    @Test("the HTTPURLResponse is made once, with the status, URL, version's headers and content type")
    func makesOnce() throws {
        let head = head([("content-type", "application/json; charset=utf-8"), ("X-Trace", "7")])
        let response = try #require(head.response)
        #expect(head.hasMadeResponse)
        #expect(head.response === response)
        #expect(response.statusCode == 201)
        #expect(response.url == url)
        #expect(response.mimeType == "application/json")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(response.value(forHTTPHeaderField: "x-trace") == "7")
    }

    @Test("two spellings of one name are one key of allHeaderFields: the first spelling, values joined in order")
    func spellingsAreOneKey() throws {
        let head = head([("X-A", "1"), ("Vary", "a"), ("x-a", "2"), ("X-a", "3"), ("vary", "b")])
        let response = try #require(head.response)
        let keys = response.allHeaderFields.keys.compactMap { $0 as? String }
        #expect(keys.filter { $0.lowercased() == "x-a" } == ["X-A"])
        #expect(keys.filter { $0.lowercased() == "vary" } == ["Vary"])
        #expect(response.allHeaderFields["X-A"] as? String == "1, 2, 3")
        #expect(response.allHeaderFields["Vary"] as? String == "a, b")
        #expect(response.value(forHTTPHeaderField: "x-a") == "1, 2, 3")
        #expect(head.value(forHTTPHeaderField: "X-A") == "1, 2, 3")
    }

    @Test("the dictionary keeps one key per name, without case")
    func dictionaryFolds() {
        let fields = [("Set-Cookie", "a=1"), ("set-cookie", "b=2"), ("ETag", "x")].map {
            HeaderField(name: $0.0, value: $0.1)
        }
        #expect(ResponseHead.dictionary(of: fields) == ["Set-Cookie": "a=1, b=2", "ETag": "x"])
    }

    @Test("concurrent first reads all get the same object")
    func concurrentFirstReads() async {
        let head = head([("Content-Type", "text/plain")])
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<16 { group.addTask { head.response.map(ObjectIdentifier.init) } }
            var seen = Set<ObjectIdentifier?>()
            for await identity in group { seen.insert(identity) }
            return seen
        }
        #expect(identities.count == 1)
        #expect(identities.first != nil)
    }

    @Test("a head for an existing object answers from it")
    func existingObject() throws {
        let made = try #require(
            HTTPURLResponse(url: url, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": "3"]))
        let head = ResponseHead(statusCode: 404, response: made)
        #expect(head.response === made)
        #expect(head.hasMadeResponse)
        #expect(head.value(forHTTPHeaderField: "retry-after") == "3")
        let transport = TransportResponse(response: made)
        #expect(transport.statusCode == 404)
        #expect(transport.value(forHTTPHeaderField: "Retry-After") == "3")
    }

    @Test("a stubbed call leaves the HTTPURLResponse unmade until read, then it describes the stub")
    func stubbedCallDefers() async throws {
        let provider = Provider<HeadAPI>(stubClosure: Provider.immediatelyStub)
        let response = try await provider.request(.item)
        #expect(!response.head.hasMadeResponse)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == nil)
        let http = try #require(response.response)
        #expect(http.statusCode == 200)
        #expect(http.url == response.request?.url)
    }

    private enum HeadAPI: TargetType {
        case item
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/item" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var sampleData: Data { Data("{}".utf8) }
    }
}
