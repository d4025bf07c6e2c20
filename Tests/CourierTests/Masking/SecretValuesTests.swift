import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SecretValues` as an app's own plugin uses it (public API only).
@Suite("SecretValues: masking for any plugin")
struct SecretValuesTests {
    @Test("a header's value and its credential are masked wherever a line echoes them")
    func headerPieces() {
        var secrets = SecretValues()
        secrets.add(header: "Authorization", value: "Bearer eyJ.token.sig")
        #expect(secrets.masked("Authorization: Bearer eyJ.token.sig") == "Authorization: ***")
        #expect(secrets.masked(#"{"echo":"eyJ.token.sig"}"#) == #"{"echo":"***"}"#)
        #expect(SecretValues.maskedCredential("Bearer eyJ.token.sig") == "Bearer ***")
    }

    @Test("a quoted cookie value is also found without its quotes")
    func quotedCookie() {
        var secrets = SecretValues()
        secrets.add(header: "Cookie", value: #"sid="s3cret-cookie"; theme=dark"#)
        #expect(secrets.masked("session s3cret-cookie expired") == "session *** expired")
        // JSON-escaped with its quotes, the whole quoted value is one spelling of the secret.
        #expect(secrets.masked(#"sid=\"s3cret-cookie\""#) == #"sid=***"#)
        #expect(secrets.masked("theme=dark") == "theme=***")
    }

    @Test("values shorter than the minimum are not searched for")
    func shortValues() {
        var secrets = SecretValues()
        secrets.add(["abc", "abcd"])
        #expect(secrets.masked("abc abcd") == "abc ***")
    }

    @Test("a cut line loses the start of a secret at its end")
    func cutLine() {
        var secrets = SecretValues()
        secrets.add(["s3cret-value"])
        #expect(secrets.maskedCut("token=s3cr") == "token=***")
        #expect(secrets.maskedCut("token=s3cret-value") == "token=***")
    }
}

/// Every spelling Courier's own encoders give a secret is masked; the spellings come from the
/// encoders here, not from `SecretValues`.
@Suite("SecretValues: the spellings of Courier's encoders")
struct SecretValuesSpellingTests {
    static let secrets = ["SK7/cd+ef==gh", #"pa"ss\wo/rd"#, "pässwörd-ü1", "🔑key-🔒", "p@ss w&rd;1?=", "tab\there"]

    @Test(arguments: secrets)
    func urlEncodingSpelling(secret: String) throws {
        var secrets = SecretValues()
        secrets.add([secret])
        let request = try URLEncoding.queryString.encode(
            URLRequest(url: URL(string: "https://x.dev/get")!), with: ["access_token": secret])
        let url = try #require(request.url?.absoluteString)
        #expect(secrets.masked(url) == "https://x.dev/get?access_token=***")
        let form = try URLEncoding.httpBody.encode(
            URLRequest(url: URL(string: "https://x.dev/post")!), with: ["p": secret])
        #expect(secrets.masked(String(decoding: form.httpBody ?? Data(), as: UTF8.self)) == "p=***")
    }

    @Test(arguments: secrets)
    func jsonSpellings(secret: String) throws {
        var secrets = SecretValues()
        secrets.add([secret])
        var bodies: [Data] = []
        for options: JSONEncoder.OutputFormatting in [[], [.withoutEscapingSlashes]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = options
            bodies.append(try encoder.encode(["p": secret]))
        }
        let json = try JSONEncoding.default.encode(
            URLRequest(url: URL(string: "https://x.dev/post")!), with: ["p": secret])
        bodies.append(try #require(json.httpBody))
        // A body echoed inside another JSON string, as httpbin's `data` does.
        let outer = try JSONEncoder().encode(["data": String(decoding: bodies[0], as: UTF8.self)])
        for body in bodies {
            #expect(secrets.masked(String(decoding: body, as: UTF8.self)) == #"{"p":"***"}"#)
        }
        #expect(secrets.masked(String(decoding: outer, as: UTF8.self)) == #"{"data":"{\"p\":\"***\"}"}"#)
    }

    @Test("Python's ASCII-only JSON (httpbin's echo) spells non-ASCII as \\u escapes")
    func asciiOnlyJSON() {
        var secrets = SecretValues()
        secrets.add(["pässwörd-🔑"])
        #expect(secrets.masked(#"{"p": "p\u00e4ssw\u00f6rd-\ud83d\udd11"}"#) == #"{"p": "***"}"#)
    }
}

@Suite("SecretValues: passwords in URLs")
struct SecretValuesURLPasswordTests {
    @Test(
        "the password of any URL in a line is masked, however short",
        arguments: [
            ("GET http://ada:pw@x.dev/a failed", "GET http://ada:***@x.dev/a failed"),
            ("see https://u:p@h and ftp://x:yz@h:21/f", "see https://u:***@h and ftp://x:***@h:21/f"),
            ("http://ada@x.dev/ and a@b:c", "http://ada@x.dev/ and a@b:c"),
            ("https://x.dev/?next=http://a:b@c", "https://x.dev/?next=http://a:***@c"),
        ])
    func urlPasswords(line: String, expected: String) {
        #expect(SecretValues().masked(line) == expected)
    }
}
