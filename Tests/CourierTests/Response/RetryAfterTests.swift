import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Retry-After` (RFC 9110 §10.2.3): whole seconds, or an HTTP date read by the cache's strict parser.
@Suite("Retry-After")
struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT

    static func response(_ value: String?) -> Response {
        let url = URL(string: "https://api.example.com/items")!
        let headers = value.map { ["Retry-After": $0] } ?? [:]
        return Response(
            statusCode: 503, data: Data(),
            response: HTTPURLResponse(url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: headers))
    }

    @Test func wholeSecondsAndTheThreeDateForms() {
        #expect(Self.response("120").retryAfter(from: Self.now) == 120)
        #expect(Self.response(" 0 ").retryAfter(from: Self.now) == 0)
        #expect(Self.response("Tue, 14 Nov 2023 22:13:30 GMT").retryAfter(from: Self.now) == 10)
        #expect(Self.response("Tuesday, 14-Nov-23 22:13:30 GMT").retryAfter(from: Self.now) == 10)
        #expect(Self.response("Tue Nov 14 22:13:30 2023").retryAfter(from: Self.now) == 10)
        // A date already past asks for no wait.
        #expect(Self.response("Tue, 14 Nov 2023 22:00:00 GMT").retryAfter(from: Self.now) == 0)
    }

    /// What is neither `1*DIGIT` nor one of RFC 9110's date forms is no wait at all: `nil`.
    @Test(arguments: [
        nil, "", "soon", "1.5", "-3", "+3", "1e3", "inf", "nan", "0x10", "3 s",
        "Tue, 14 Nov 2023 22:13:30 UTC", "Tue, 14 Nov 2023 22:13:30 +0000", "Tue, 14 Nov 23 22:13:30 GMT",
        "Tue, 14 Nov 2023 22.13.30 GMT",
    ])
    func anythingElseIsNone(value: String?) {
        #expect(Self.response(value).retryAfter(from: Self.now) == nil)
    }

    @Test func aHugeNumberIsCappedNotCrashed() {
        #expect(Self.response(String(repeating: "9", count: 40)).retryAfter(from: Self.now) == 2_147_483_648)
    }
}
