import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of a call answered from the cache alone (``CallChain/answeringFromStorageOnly()``):
/// it refuses every request, so a hop the cache cannot answer from what it stores fails with
/// ``HTTPCacheMiss`` instead of reaching the network.
struct StorageOnlyTransport: Transport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        throw HTTPCacheMiss(url: request.urlRequest.url.map { CacheKey.normalized($0) } ?? "")
    }
}
