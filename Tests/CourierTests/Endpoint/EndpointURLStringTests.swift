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
        "https://api.example.com/v1/.", "https:", "mailto:", "https:/", "mailto:a",
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

    @Test("a base relative to another URL, whose text carries the other's scheme", arguments: paths)
    func relativeBases(path: String) throws {
        let bases = [
            URL(string: "v1", relativeTo: URL(string: "https://api.example.com/")),
            URL(string: "..", relativeTo: URL(string: "https://api.example.com/a/b/")),
            URL(string: "v1/", relativeTo: URL(string: "https://api.example.com/root")),
            URL(string: "dir", relativeTo: URL(fileURLWithPath: "/tmp/")),
        ]
        for base in bases {
            let target = CoreTestTarget(baseURL: try #require(base), path: path)
            #expect(
                URL.absoluteString(of: target) == URL(target: target).absoluteString,
                "\(String(describing: base)) + \(path)")
        }
    }

    /// Appending to a file URL looks at the disk: a path naming a directory that exists gets a
    /// trailing `/`. Joining the text directly would miss it, so a file URL never takes that way.
    @Test("a file URL whose path names an existing directory, in either letter case of the scheme")
    func fileURLOfExistingDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("inner"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for scheme in ["file", "FILE"] {
            let base = try #require(URL(string: "\(scheme)://\(root.path)"))
            let target = CoreTestTarget(baseURL: base, path: "inner")
            #expect(URL(target: target).absoluteString.hasSuffix("inner/"), "the premise: \(scheme)")
            #expect(URL.absoluteString(of: target) == URL(target: target).absoluteString, "\(scheme)")
        }
    }
}
