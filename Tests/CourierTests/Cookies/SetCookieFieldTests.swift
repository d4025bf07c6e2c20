import Foundation
import Testing

@testable import Courier

/// RFC 6265bis §5.6's parse of one `Set-Cookie` field, case by case.
@Suite("Cookies: parsing a Set-Cookie field")
struct SetCookieFieldTests {
    private static let june9 = Date(timeIntervalSince1970: 1_623_233_894)  // 2021-06-09 10:18:14 UTC

    @Test("name, value and attributes, in any case, the last valid one winning")
    func attributes() throws {
        let field = try SetCookieField(
            parsing: " sid = a b ; path=/x; PATH=/y; domain=.Example.COM; Max-Age=60; max-age=soon; "
                + "Expires=Wed, 09 Jun 2021 10:18:14 GMT; SECURE; HttpOnly; SameSite=Lax; Unknown")
        #expect(field.name == "sid")
        #expect(field.value == "a b")
        #expect(field.path == "/y")
        #expect(field.domain == "example.com")
        #expect(field.maxAge == 60)
        #expect(field.expires == Self.june9)
        #expect(field.isSecure)
        #expect(field.isHTTPOnly)
    }

    @Test("a value keeps its quotes and its = signs")
    func valueAsWritten() throws {
        let field = try SetCookieField(parsing: #"token="a=b=c""#)
        #expect(field.name == "token")
        #expect(field.value == #""a=b=c""#)
        #expect(field.domain == nil && field.path == nil && field.maxAge == nil && field.expires == nil)
        #expect(!field.isSecure && !field.isHTTPOnly)
    }

    @Test(
        "a later Path that does not begin with / brings back the default path; an empty Domain is ignored",
        arguments: [("a=1; Path=/x; Path=x", nil), ("a=1; Path=/x; Path=", nil), ("a=1; Path=/x", "/x")])
    func pathAndDomain(field: String, path: String?) throws {
        let parsed = try SetCookieField(parsing: field + "; Domain=example.com; Domain=")
        #expect(parsed.path == path)
        #expect(parsed.domain == "example.com")
    }

    @Test(
        "Max-Age: digits with an optional minus, clamped; anything else ignored",
        arguments: [
            ("0", 0), ("-1", -1), ("86400", 86_400), ("99999999999999999999999", Int.max),
            ("-99999999999999999999999", Int.min), ("+5", nil), ("5s", nil), ("", nil), ("-", nil), (" 7 ", 7),
        ] as [(String, Int?)])
    func maxAge(written: String, seconds: Int?) throws {
        #expect(try SetCookieField(parsing: "a=1; Max-Age=\(written)").maxAge == seconds)
    }

    @Test(
        "refused as a whole: control characters, no name, too long",
        arguments: [
            ("a=\u{01}", CookieRefusal.controlCharacter), ("a=b\u{7F}", .controlCharacter),
            ("a\u{00}=b", .controlCharacter), ("a=b; Path=/\u{1B}", .controlCharacter),
            ("a=b\r\nX: y", .controlCharacter), ("=b", .noName), ("justavalue", .noName), ("  =  ", .noName),
            ("", .noName), ("a=" + String(repeating: "x", count: 4096), .tooLarge),
        ])
    func refused(field: String, reason: CookieRefusal) {
        #expect(throws: reason) { try SetCookieField(parsing: field) }
    }

    @Test("a tab is no control character here; 4096 bytes of name and value pass; a long attribute is ignored")
    func limits() throws {
        #expect(try SetCookieField(parsing: "a=b\tc").value == "b\tc")
        #expect(try SetCookieField(parsing: "a=" + String(repeating: "x", count: 4095)).value.count == 4095)
        let longPath = "/" + String(repeating: "p", count: 1024)
        #expect(try SetCookieField(parsing: "a=1; Path=/short; Path=\(longPath)").path == "/short")
    }
}
