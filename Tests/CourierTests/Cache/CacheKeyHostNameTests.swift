import Foundation
import Testing

@testable import Courier

/// The cache knows a host by the one spelling pins, pools and cookies use (``HostName``): an entry
/// stored for `api.example.com` is the entry of `API.Example.com.`, never a second one beside it.
@Suite struct CacheKeyHostNameTests {
    @Test(arguments: ["https://API.Example.com./items?page=1", "https://api.example.com/items?page=1#top"])
    func spellingsOfOneHostShareAKey(spelling: String) throws {
        let plain = try #require(URL(string: "https://api.example.com/items?page=1"))
        let other = try #require(URL(string: spelling))
        #expect(CacheKey.normalized(other) == CacheKey.normalized(plain))
    }

    @Test func anotherHostKeepsItsOwnKey() throws {
        let plain = try #require(URL(string: "https://api.example.com/items"))
        let other = try #require(URL(string: "https://api.example.com.evil.test/items"))
        #expect(CacheKey.normalized(other) != CacheKey.normalized(plain))
    }
}
