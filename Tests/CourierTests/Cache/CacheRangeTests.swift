import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Range` request answered from a stored complete response (RFC 9110 §14, RFC 9111 §3.4): one
/// byte range becomes a `206` built from the stored body; anything else gets the whole `200`, which
/// RFC 9110 §14.2 allows ("a server MAY ignore the Range header field").
@Suite("Cache ranges")
struct CacheRangeTests {
    typealias F = CacheFixtures

    static func request(_ range: String?, ifRange: String? = nil, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: F.url)!)
        request.httpMethod = method
        request.setValue(range, forHTTPHeaderField: "Range")
        request.setValue(ifRange, forHTTPHeaderField: "If-Range")
        return request
    }

    static func served(
        _ range: String?, ifRange: String? = nil, method: String = "GET", status: Int = 200,
        fields: [(String, String)] = [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")], body: String = "0123456789"
    ) -> Response {
        F.entry(fields + [("Content-Length", "\(body.utf8.count)")], status: status, body: body)
            .response(to: request(range, ifRange: ifRange, method: method), kind: .hit, now: F.epoch)
    }

    @Test(arguments: [
        ("bytes=0-1", "01", "bytes 0-1/10"), ("bytes=1-", "123456789", "bytes 1-9/10"),
        ("bytes=-1", "9", "bytes 9-9/10"), ("bytes=-20", "0123456789", "bytes 0-9/10"),
        ("bytes=8-100", "89", "bytes 8-9/10"), ("BYTES=2-3", "23", "bytes 2-3/10"),
        ("bytes= 4-4 ", "4", "bytes 4-4/10"),
    ])
    func oneRangeIsA206FromTheStoredBody(range: String, body: String, contentRange: String) {
        let response = Self.served(range)
        #expect(response.statusCode == 206)
        #expect(String(decoding: response.data, as: UTF8.self) == body)
        #expect(response.value(forHTTPHeaderField: "Content-Range") == contentRange)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "\(body.utf8.count)")
        // The stored fields come along, and the copy's age.
        #expect(response.value(forHTTPHeaderField: "ETag") == "\"v1\"")
        #expect(response.value(forHTTPHeaderField: "Age") != nil)
        #expect(response.cacheOrigin?.kind == .hit)
    }

    /// Several ranges, another unit, a malformed or unsatisfiable range, a `HEAD`, a stored status
    /// other than `200`, or a stored body in a content coding: the whole stored answer, unchanged.
    @Test(arguments: [
        "bytes=0-1,3-4", "items=0-1", "bytes=1-0", "bytes=10-", "bytes=-0", "bytes=a-b", "bytes=0x1-2", "bytes 0-1",
        "bytes=-", "bytes=1--2", "bytes=99999999999999999999-",
    ])
    func anythingElseIsTheWholeAnswer(range: String) {
        let response = Self.served(range)
        #expect(response.statusCode == 200 && response.data == Data("0123456789".utf8))
        #expect(response.value(forHTTPHeaderField: "Content-Range") == nil)
    }

    @Test func theWholeAnswerWhereARangeMayNotBeCut() {
        #expect(Self.served("bytes=0-1", method: "HEAD").statusCode == 200)
        #expect(Self.served("bytes=0-1", status: 404).statusCode == 404)
        let encoded = Self.served("bytes=0-1", fields: [("Cache-Control", "max-age=60"), ("Content-Encoding", "gzip")])
        #expect(encoded.statusCode == 200 && encoded.data.count == 10)
        #expect(Self.served("bytes=0-1", body: "").statusCode == 200)
        #expect(Self.served(nil).statusCode == 200)
    }

    /// RFC 9110 §13.1.5: `If-Range` lets the range through only when its entity tag matches the
    /// stored one strongly; a date, a weak tag or another tag get the whole answer.
    @Test func ifRangeNeedsAStrongMatch() {
        #expect(Self.served("bytes=0-1", ifRange: "\"v1\"").statusCode == 206)
        #expect(Self.served("bytes=0-1", ifRange: "\"v2\"").statusCode == 200)
        #expect(Self.served("bytes=0-1", ifRange: "W/\"v1\"").statusCode == 200)
        #expect(Self.served("bytes=0-1", ifRange: F.date(0)).statusCode == 200)
        let weak = Self.served(
            "bytes=0-1", ifRange: "W/\"v1\"", fields: [("Cache-Control", "max-age=60"), ("ETag", "W/\"v1\"")])
        #expect(weak.statusCode == 200)
    }

    /// Through the provider: a fresh stored answer serves the range without the network.
    @Test func aRangeOfAFreshAnswerIsServedWithoutTheNetwork() async throws {
        let origin = CachePipelineTests.Origin()
        let provider = CachePipelineTests.provider(origin)
        let whole = try await provider.request(CoreTestTarget())
        var ranged = CoreTestTarget()
        ranged.headers = ["Range": "bytes=0-2"]
        let part = try await provider.request(ranged)
        #expect(origin.sent.count == 1)
        #expect(part.statusCode == 206 && part.data == whole.data.prefix(3) && part.cacheOrigin?.kind == .hit)
        #expect(part.value(forHTTPHeaderField: "Content-Range") == "bytes 0-2/\(whole.data.count)")
    }
}

extension CacheRangeTests {
    /// A range served stale while revalidated: the background request revalidates the stored
    /// complete answer, so it asks for all of it (a `206` to it would drop that answer).
    @Test func theBackgroundRevalidationAsksForTheWholeAnswer() async throws {
        let origin = CachePipelineTests.Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0, stale-while-revalidate=600", "ETag": "\"v1\""] }
        let cache = HTTPCache()
        let provider = CachePipelineTests.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        var ranged = CoreTestTarget()
        ranged.headers = ["Range": "bytes=0-1", "If-Range": "\"v1\""]
        let part = try await provider.request(ranged)
        await cache.background.drain()
        #expect(part.statusCode == 206 && part.cacheOrigin?.kind == .staleWhileRevalidate)
        let background = try #require(origin.sent.count == 2 ? origin.sent.last : nil)
        #expect(background.value(forHTTPHeaderField: "Range") == nil)
        #expect(background.value(forHTTPHeaderField: "If-Range") == nil)
        #expect(background.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    }
}
