import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which characters are escaped, in keys and values, for Latin, non-Latin and emoji text.
extension URLEncodingTests {
    @Test func everyReservedCharacterIsEscaped() {
        #expect(URLEncoding.escape("!") == "%21")
        #expect(URLEncoding.escape("*'();:@&=+$,") == "%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C")
        #expect(URLEncoding.escape("#[]") == "%23%5B%5D")
        #expect(URLEncoding.escape(" ") == "%20")
        #expect(URLEncoding.escape("%") == "%25")
        #expect(URLEncoding.escape("100%25") == "100%2525")
        #expect(URLEncoding.escape("\"<>\\^`{|}") == "%22%3C%3E%5C%5E%60%7B%7C%7D")
        #expect(URLEncoding.escape("\n\t") == "%0A%09")
    }

    @Test func questionMarkAndSlashStayLiteral() {
        #expect(URLEncoding.escape("/?") == "/?")
        #expect(URLEncoding.escape("a/b?c") == "a/b?c")
    }

    @Test func unreservedCharactersAreUnchanged() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(URLEncoding.escape(unreserved) == unreserved)
        #expect(URLEncoding.escape("").isEmpty)
    }

    @Test func reservedCharactersInKeysAndValues() throws {
        let query = try encodedQuery(["key !*'();:@&=+$,/?#[]": "!*'();:@&=+$,/?#[] %"])
        #expect(
            query
                == "key%20%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C/?%23%5B%5D"
                + "=%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C/?%23%5B%5D%20%25")
    }

    @Test func plusAndSpaceAreDistinct() throws {
        #expect(try encodedQuery(["q": "1 + 1 = 2"]) == "q=1%20%2B%201%20%3D%202")
        #expect(try encodedQuery(["email": "ann+shop@example.com"]) == "email=ann%2Bshop%40example.com")
    }

    @Test func escapingMatchesFoundationCharacterSet() {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        var samples = (0..<128).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        samples += ["é", "ß", "中", "🇫🇷", "\u{FEFF}", "\u{10FFFF}", "a b+c/d?e#f"]
        for sample in samples {
            #expect(URLEncoding.escape(sample) == sample.addingPercentEncoding(withAllowedCharacters: allowed))
        }
    }

    @Test func nonLatinText() throws {
        #expect(URLEncoding.escape("中文") == "%E4%B8%AD%E6%96%87")
        #expect(URLEncoding.escape("café") == "caf%C3%A9")
        #expect(URLEncoding.escape("Привет") == "%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82")
        #expect(URLEncoding.escape("日本語") == "%E6%97%A5%E6%9C%AC%E8%AA%9E")
        #expect(URLEncoding.escape("한국") == "%ED%95%9C%EA%B5%AD")
        #expect(try encodedQuery(["名字": "张三"]) == "%E5%90%8D%E5%AD%97=%E5%BC%A0%E4%B8%89")
    }

    @Test func emoji() {
        #expect(URLEncoding.escape("👍") == "%F0%9F%91%8D")
        #expect(
            URLEncoding.escape("👨‍👩‍👧")
                == "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7")
        #expect(URLEncoding.escape("🇫🇷") == "%F0%9F%87%AB%F0%9F%87%B7")
        #expect(URLEncoding.escape("ok👍!") == "ok%F0%9F%91%8D%21")
    }

    @Test func longCJKString() throws {
        let alphabet = Array("中文汉字测试商品购物车订单支付")
        let long = String((0..<5_000).map { alphabet[$0 % alphabet.count] })
        #expect(long.count == 5_000)
        let expected = percentEncodedBytes(long)
        #expect(expected.utf8.count == 5_000 * 9)
        #expect(URLEncoding.escape(long) == expected)
        #expect(try encodedQuery(["keyword": long, "page": 1]) == "keyword=\(expected)&page=1")
    }

    @Test func longMixedString() {
        let long = String(repeating: "ab 中+/", count: 2_000)
        let expected = String(repeating: "ab%20%E4%B8%AD%2B/", count: 2_000)
        #expect(URLEncoding.escape(long) == expected)
    }
}
