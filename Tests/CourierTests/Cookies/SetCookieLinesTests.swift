import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `Set-Cookie` fields of an answer, one cookie each, however the transport handed them over:
/// one by one (the native transport), or joined with ", " (`HTTPURLResponse`, URLSession's route).
@Suite("Cookies: an answer's Set-Cookie fields")
struct SetCookieLinesTests {
    @Test(
        "a joined value is split where a cookie begins, never inside an Expires date",
        arguments: [
            ("a=1", ["a=1"]),
            ("a=1, b=2", ["a=1", " b=2"]),
            (
                "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT, b=2",
                ["a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT", " b=2"]
            ),
            (
                "a=1; Expires=Wed, 09-Jun-2021 10:18:14 GMT; Path=/",
                ["a=1; Expires=Wed, 09-Jun-2021 10:18:14 GMT; Path=/"]
            ),
            ("a=x,y", ["a=x,y"]),
            ("a=1,  ,b=2", ["a=1,  ", "b=2"]),
            ("a=1, =b", ["a=1, =b"]),
            ("a=1, b c=2", ["a=1, b c=2"]),
        ])
    func split(joined: String, fields: [String]) {
        #expect(SetCookieLines.split(joined) == fields)
    }

    @Test("fields handed over one by one are read one by one; an answer without any gives none")
    func fromAHead() throws {
        let url = try #require(URL(string: "https://api.example.com/"))
        let head = ResponseHead(
            url: url, statusCode: 200, version: "HTTP/1.1",
            fields: [
                HeaderField(name: "set-cookie", value: "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT"),
                HeaderField(name: "Content-Type", value: "text/plain"),
                HeaderField(name: "Set-Cookie", value: "b=2"),
            ])
        #expect(SetCookieLines.of(head) == ["a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "b=2"])
        let none = ResponseHead(url: url, statusCode: 200, version: "HTTP/1.1", fields: [])
        #expect(SetCookieLines.of(none).isEmpty)
        let joined = ResponseHead(
            statusCode: 200,
            response: HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Set-Cookie": "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT, b=2"]))
        #expect(
            SetCookieLines.of(joined).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "b=2",
            ])
    }
}
