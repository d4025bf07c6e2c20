import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer's cookies applied to a storage: in order, deleting, dropping the expired, within
/// the limits, by the storage's accept policy.
@Suite("Cookies: writing an answer's cookies into a storage")
struct CookieStorageWriteTests {
    private static let url = URL(string: "https://api.example.com/")!

    private func write(_ fields: [String], into jar: CookieJarProbe, at now: Date = Date()) {
        CookieStorageWrite(storage: jar.storage, fields: fields, url: Self.url, mainDocumentURL: nil, now: now)
            .perform()
    }

    @Test("fields apply in order: a later one replaces or deletes an earlier one of its identity")
    func inOrder() {
        let jar = CookieJarProbe()
        write(["a=1", "b=1", "a=2", "b=; Max-Age=0", "c=1; Domain=example.com", "c=2"], into: jar)
        #expect(jar.names == ["a", "c", "c"])
        #expect(jar.sent(to: "https://api.example.com/") == "a=2; c=1; c=2")
    }

    @Test("no more than 50 cookies a domain: the earliest made go first")
    func perDomainLimit() {
        let jar = CookieJarProbe()
        write((0..<60).map { "c\($0)=1" }, into: jar)
        #expect(jar.names.count == CookieStorageWrite.maximumCookiesPerDomain)
        write(["other=1; Domain=example.com"], into: jar)
        #expect(jar.names.count == CookieStorageWrite.maximumCookiesPerDomain + 1)
        #expect(jar.names.contains("other") && jar.names.contains("c59") && !jar.names.contains("c0"))
    }

    @Test("expired cookies are dropped when an answer sets one")
    func expiredDropped() {
        let jar = CookieJarProbe()
        let now = Date()
        jar.put([
            .name: "old", .value: "1", .domain: "api.example.com", .path: "/", .expires: now.addingTimeInterval(5),
        ])
        write(["new=1"], into: jar, at: now.addingTimeInterval(10))
        #expect(jar.names == ["new"])
    }

    @Test("a storage that accepts the main document's cookies only takes a request's own")
    func mainDocumentOnly() {
        let jar = CookieJarProbe()
        jar.storage.cookieAcceptPolicy = .onlyFromMainDocumentDomain
        defer { jar.storage.cookieAcceptPolicy = .always }
        write(["own=1"], into: jar)
        CookieStorageWrite(
            storage: jar.storage, fields: ["third=1"], url: Self.url,
            mainDocumentURL: URL(string: "https://elsewhere.example/"), now: Date()
        ).perform()
        #expect(jar.names == ["own"])
    }

    @Test("a storage that accepts no cookies is left alone")
    func acceptsNone() {
        let jar = CookieJarProbe()
        jar.put([.name: "kept", .value: "1", .domain: "api.example.com", .path: "/"])
        jar.storage.cookieAcceptPolicy = .never
        defer { jar.storage.cookieAcceptPolicy = .always }
        write(["new=1", "kept=; Max-Age=0"], into: jar)
        #expect(jar.names == ["kept"])
    }
}
