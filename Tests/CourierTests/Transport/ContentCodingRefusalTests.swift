import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which unasked-for content codings `URLSessionTransport` refuses under a size limit on Linux:
/// only those libcurl inflates before they can be counted. A coding libcurl does not know is not
/// inflated, so it is no bomb; libcurl's own refusal of it reads as `cannotDecodeContentData`.
@Suite("URLSession's refusal of unrequested codings")
struct ContentCodingRefusalTests {
    static func refusal(_ coding: String, length: Int = 1_000_000, accept: String? = nil) -> String? {
        let url = URL(string: "https://api.example.com/items")!
        var request = URLRequest(url: url)
        request.setValue(accept, forHTTPHeaderField: "Accept-Encoding")
        let response = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Encoding": coding, "Content-Length": "\(length)"])!
        return ContentCoding.unrequested(in: response, for: request, limit: 1 << 20)
    }

    @Test func onlyWhatLibcurlInflatesIsRefused() {
        for coding in ["gzip", "x-gzip", "deflate", "br", "zstd", "x-courier, gzip"] {
            #expect(Self.refusal(coding) == coding, "\(coding)")
        }
        for coding in ["x-courier", "compress", "identity", "Identity"] {
            #expect(Self.refusal(coding) == nil, "\(coding)")
        }
        // A small gzip body, or one the request asked for, passes.
        #expect(Self.refusal("gzip", length: 100) == nil)
        #expect(Self.refusal("br", accept: "br") == nil)
    }

    @Test func libcurlsRefusalOfACodingIsCannotDecodeContentData() {
        let curl = URLError(
            .unknown,
            userInfo: [
                NSLocalizedDescriptionKey: "Unrecognized content encoding type. libcurl understands deflate, gzip"
            ])
        #expect((UnknownCodingRefusal.normalized(curl) as? URLError)?.code == .cannotDecodeContentData)
        let other = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "something else"])
        #expect((UnknownCodingRefusal.normalized(other) as? URLError)?.code == .unknown)
        #expect((UnknownCodingRefusal.normalized(URLError(.timedOut)) as? URLError)?.code == .timedOut)
    }
}
