import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Entries and requests for the cache's unit tests.
enum CacheFixtures {
    static let url = "https://api.example.com/items"
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    static func key(_ url: String = url, method: String = "GET", partition: String = "") -> CacheKey {
        CacheKey(method: method, url: url, partition: partition)
    }

    /// An entry received at `received` (sent one second before unless `sent` says otherwise).
    static func entry(
        _ fields: [(String, String)], status: Int = 200, body: String = "body", received: Date = epoch,
        sent: Date? = nil, vary: [(String, String)] = [], key: CacheKey = key()
    ) -> CachedEntry {
        CachedEntry(
            key: key, status: status, fields: fields.map { HeaderField(name: $0.0, value: $0.1) },
            body: Data(body.utf8), varyFields: vary.map { HeaderField(name: $0.0, value: $0.1) },
            requestTime: sent ?? received, responseTime: received)
    }

    static func date(_ offset: TimeInterval) -> String {
        HTTPDate.format(epoch.addingTimeInterval(offset))
    }
}
