import Foundation
import Testing

@testable import Courier

/// The endpoint's URL text is `URL(target:)`'s, whether it is joined directly or not.
@Suite("Endpoint URL text: the same as URL(target:).absoluteString")
struct EndpointURLStringTests {
    private static let bases = [
        "https://api.example.com", "https://api.example.com/", "https://api.example.com/v1",
        "https://api.example.com/v1/", "https://api.example.com/v1//", "http://127.0.0.1:8080",
        "http://user:pw@[::1]:8080/p", "https://api.example.com/api?key=abc", "https://api.example.com/a#frag",
        "https://api.example.com/a%20b/", "https://例え.jp/v1", "file:///tmp/dir", "FILE:///tmp/dir",
        "https://api.example.com/v1/.",
    ]

    private static let paths = [
        "", "/", "users", "/users", "users/", "/users/42/avatar", "Room/GetHotLive_v2", "a.b-c_d~e",
        "/mallProductsInfo/getProductList", "a//b", "//a", "./a", "a/./b", "a/..", "..", ".", "a/.", "...",
        "a b", "a%20b", "a?b", "a#b", "a;b", "a:b", "a@b", "a+b", "中文", "a/b/", "/a/b//",
    ]

    @Test("every base and path", arguments: paths)
    func matchesURLTarget(path: String) throws {
        for base in Self.bases {
            let target = CoreTestTarget(baseURL: try #require(URL(string: base)), path: path)
            #expect(URL.absoluteString(of: target) == URL(target: target).absoluteString, "\(base) + \(path)")
        }
    }
}
