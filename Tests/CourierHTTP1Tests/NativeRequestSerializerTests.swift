import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Native HTTP/1.1 request serializer")
struct NativeRequestSerializerTests {
    private func target(_ url: String) throws -> HTTPRequestSerializer.Target {
        try HTTPRequestSerializer.Target(url: URL(string: url))
    }

    private func head(
        _ url: String, method: String = "GET", fields: [String: String] = [:], bodyLength: Int64 = 0
    ) throws -> String {
        let bytes = try HTTPRequestSerializer.head(
            method: method, target: try target(url), fields: fields, bodyLength: bodyLength, userAgent: "Test")
        return String(decoding: bytes, as: UTF8.self)
    }

    private func lines(_ head: String) -> [String] {
        head.components(separatedBy: "\r\n")
    }

    @Test("request line, Host with a non-default port, defaults, empty line")
    func basicGet() throws {
        let text = try head("http://127.0.0.1:8080/a/b?x=1&y=%20")
        let lines = lines(text)
        #expect(lines.first == "GET /a/b?x=1&y=%20 HTTP/1.1")
        #expect(lines.contains("Host: 127.0.0.1:8080"))
        #expect(lines.contains("Accept: */*"))
        #expect(lines.contains("User-Agent: Test"))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test("port 80 is left out of Host, an empty path is /, IPv6 hosts are bracketed")
    func authority() throws {
        #expect(lines(try head("http://example.com")).prefix(2) == ["GET / HTTP/1.1", "Host: example.com"])
        let ipv6 = try target("http://[::1]:9000/x")
        #expect(ipv6.host == "::1")
        #expect(ipv6.authority == "[::1]:9000")
        #expect(ipv6.port == 9000)
    }

    @Test("https:// connects to 443 by default, leaves 443 out of Host, and keys its connections apart")
    func secureAuthority() throws {
        let secure = try target("https://example.com/x")
        #expect(secure.isSecure && secure.port == 443 && secure.authority == "example.com")
        #expect(try target("https://example.com:80/").authority == "example.com:80")
        #expect(try target("http://example.com:443/").authority == "example.com:443")
        #expect(try target("http://example.com/").isSecure == false)
        #expect(try target("https://example.com:8443/").key != target("http://example.com:8443/").key)
    }

    @Test("a body gets Content-Length and a default Content-Type; POST without a body gets Content-Length: 0")
    func bodyFraming() throws {
        let post = lines(try head("http://h/p", method: "POST", bodyLength: 12))
        #expect(post.contains("Content-Length: 12"))
        #expect(post.contains("Content-Type: application/x-www-form-urlencoded"))
        let json = lines(
            try head("http://h/p", method: "PUT", fields: ["Content-Type": "application/json"], bodyLength: 3))
        #expect(json.contains("Content-Type: application/json"))
        #expect(!json.contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(lines(try head("http://h/p", method: "POST")).contains("Content-Length: 0"))
        #expect(!lines(try head("http://h/p", method: "DELETE")).contains { $0.hasPrefix("Content-Length") })
    }

    @Test("the request's own Content-Length and Transfer-Encoding are replaced by the real framing")
    func framingHeadersAreOwned() throws {
        let text = try head(
            "http://h/p", method: "POST", fields: ["Content-Length": "999", "Transfer-Encoding": "chunked"],
            bodyLength: 2)
        #expect(lines(text).contains("Content-Length: 2"))
        #expect(!text.contains("999"))
        #expect(!text.contains("chunked"))
    }

    @Test("the request's own Host, Accept and User-Agent are kept")
    func ownHeadersKept() throws {
        let lines = lines(
            try head("http://h/", fields: ["Host": "other", "Accept": "text/html", "User-Agent": "Mine"]))
        #expect(lines.contains("Host: other"))
        #expect(lines.contains("Accept: text/html"))
        #expect(lines.contains("User-Agent: Mine"))
        #expect(!lines.contains("Host: h"))
    }

    @Test("non-ASCII bytes in the path are percent-encoded")
    func nonASCIIPath() throws {
        #expect(lines(try head("http://h/caf%C3%A9")).first == "GET /caf%C3%A9 HTTP/1.1")
    }

    @Test(
        "CR, LF and NUL in header values are refused",
        arguments: ["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u{0}b", "\u{7F}"])
    func valueInjection(value: String) {
        #expect(throws: HTTPRequestError.invalidHeaderValue(name: "X-Value")) {
            try head("http://h/", fields: ["X-Value": value])
        }
    }

    @Test(
        "header names that are not tokens are refused", arguments: ["Bad Name", "X-A\r\nX-B", "X:Y", "", "Ünicode"])
    func nameInjection(name: String) {
        #expect(throws: HTTPRequestError.invalidHeaderName(name)) { try head("http://h/", fields: [name: "v"]) }
    }

    @Test("methods that are not tokens are refused")
    func methodInjection() {
        #expect(throws: HTTPRequestError.invalidMethod("GET / HTTP/1.1\r\nX")) {
            try head("http://h/", method: "GET / HTTP/1.1\r\nX")
        }
        #expect(throws: HTTPRequestError.invalidMethod("")) { try head("http://h/", method: "") }
    }

    @Test("a tab and obs-text are allowed in values")
    func allowedValueBytes() throws {
        #expect(lines(try head("http://h/", fields: ["X-V": "a\tb é"])).contains("X-V: a\tb é"))
    }

    @Test(
        "URLs other than http:// and https:// with an ASCII host are unsupported",
        arguments: [
            "ftp://h/", "https:///path", "https://h:0/", "http:///path", "file:///tmp/x", "http://h:0/",
        ])
    func unsupported(url: String) {
        #expect(throws: HTTPRequestError.self) { try target(url) }
    }

    @Test(
        "a path with a control character, a space or a fragment is refused",
        arguments: [
            "/a b", "/a\r\nHost: evil", "/a\u{0}", "/a\tb", "/a#frag", "/\u{7F}",
        ])
    func targetInjection(path: String) {
        #expect(throws: HTTPRequestError.invalidRequestTarget) {
            try HTTPRequestSerializer.Target.encodedTarget(path)
        }
    }

    @Test("a percent-encoded CR LF stays encoded")
    func encodedControlsStayEncoded() throws {
        let encoded = try target("http://h/a%0D%0Ab?q=%0A")
        #expect(String(decoding: encoded.requestTarget, as: UTF8.self) == "/a%0D%0Ab?q=%0A")
    }
}
