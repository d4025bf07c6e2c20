import Foundation
import Testing

@testable import CourierTargets

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fast header helpers give Foundation's own answers.
@Suite("HeaderFields: Foundation's header results without its costs")
struct HeaderFieldsTests {
    private static let names: [(String, String)] = [
        ("Content-Type", "content-type"), ("Content-Type", "CONTENT-TYPE"), ("Content-Type", "Content-Typ"),
        ("Authorization", "authorisation"), ("X-Api-Key", "x-api-key"), ("a", "A"), ("", ""), ("a", ""),
        ("Straße", "STRASSE"), ("ÄRGER", "ärger"), ("K", "\u{212A}"), ("Ünïcode", "Unicode"), ("@[", "`{"),
    ]

    @Test("names compare as caseInsensitiveCompare compares them, ASCII or not")
    func namesEqual() {
        for (first, second) in Self.names {
            let expected = first.caseInsensitiveCompare(second) == .orderedSame
            #expect(HeaderFields.namesEqual(first, second) == expected, "\(first) / \(second)")
            #expect(HeaderFields.namesEqual(second, first) == expected, "\(second) / \(first)")
        }
    }

    @Test("contains finds a name in any case, and nothing in no headers")
    func contains() {
        #expect(HeaderFields.contains("Content-Type", in: ["content-TYPE": ""]))
        #expect(!HeaderFields.contains("Content-Type", in: ["Content-Length": "1"]))
        #expect(!HeaderFields.contains("Content-Type", in: nil))
        #expect(!HeaderFields.contains("Content-Type", in: [:]))
    }

    /// `request` with every spelling of `name` removed, then `setValue`: the reference result.
    private func throughFoundation(_ request: URLRequest, _ name: String, _ value: String) -> URLRequest {
        var request = request
        for existing in (request.allHTTPHeaderFields ?? [:]).keys
        where existing.caseInsensitiveCompare(name) == .orderedSame {
            request.setValue(nil, forHTTPHeaderField: existing)
        }
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }

    @Test(
        "replaceHeaderField stores what removing every spelling and setValue store, and refuses what is not one line",
        arguments: [
            nil, [:], ["authorization": "old", "AUTHORIZATION": "older", "Accept": "*/*"],
            ["Content-Type": "text/plain"], ["X-Trace": "t1"],
        ] as [[String: String]?],
        ["Bearer abc.def", "", "folded\r\n value", "bad\r\nvalue", "bad\nvalue", "nul\u{0}", "中文 ✓"]
    )
    func replaceHeaderField(headers: [String: String]?, value: String) throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/a")))
        request.allHTTPHeaderFields = headers
        for name in Self.headerNames {
            var fast = request
            guard RequestSyntax.isToken(name), RequestSyntax.isFieldValue(value) else {
                #expect(throws: InvalidRequestError.self) { try fast.replaceHeaderField(name, value: value) }
                #expect(fast.allHTTPHeaderFields == request.allHTTPHeaderFields, "unchanged after a refusal")
                continue
            }
            try fast.replaceHeaderField(name, value: value)
            let reference = throughFoundation(request, name, value)
            #expect(fast.allHTTPHeaderFields == reference.allHTTPHeaderFields, "\(name): \(value.debugDescription)")
            #expect(fast.value(forHTTPHeaderField: name) == reference.value(forHTTPHeaderField: name))
        }
    }

    /// Names Foundation stores as they are, and names it respells (any case, digits, `ETag`).
    private static let headerNames = [
        "Authorization", "Content-Type", "X-Api-Key", "A", "authorization", "CONTENT-type", "x-api-key",
        "X-2fa", "ETag", "X_Token", "Content-", "-Trace", "Ünïcode",
    ]

    @Test("only a name spelled as Foundation stores it skips setValue")
    func storedSpelling() {
        for name in ["Authorization", "Content-Type", "X-Api-Key", "A", "Www-Authenticate"] {
            #expect(HeaderFields.isStoredSpelling(name), "\(name)")
        }
        for name in [
            "", "authorization", "ETag", "X-API-Key", "X-2fa", "X_Token", "Content-", "-Trace", "A--B", "Ünïcode",
        ] {
            #expect(!HeaderFields.isStoredSpelling(name), "\(name)")
        }
    }

    @Test("a form body keeps a Content-Type the request has in any case")
    func formBodyKeepsContentType() throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/a")))
        request.httpMethod = "POST"
        request.allHTTPHeaderFields = ["content-type": "text/plain"]
        let encoded = try URLEncoding.httpBody.encode(request, with: ["a": 1])
        #expect(encoded.allHTTPHeaderFields == ["content-type": "text/plain"])
        #expect(encoded.httpBody == Data("a=1".utf8))
    }
}
