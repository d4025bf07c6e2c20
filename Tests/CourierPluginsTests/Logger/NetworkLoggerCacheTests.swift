import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The logger shows where a cached answer came from, the offline fallback included.
@Suite("NetworkLoggerPlugin and the HTTP cache")
struct NetworkLoggerCacheTests {
    @Test func anOfflineFallbackIsLoggedAfterTheNetworkError() async throws {
        let offline = LockedState(false)
        let transport = ScriptedTransport { request in
            if offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            return TransportResponse(
                response: .make(for: request.urlRequest, status: 200, headers: ["Cache-Control": "max-age=0"]),
                data: Data(#"{"ok":true}"#.utf8))
        }
        let lines = LockedState<[String]>([])
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in lines.withLock { $0 += items } }, logOptions: .default))
        var options = ProviderOptions()
        options.cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        _ = try await send(plugins: [logger], transport: transport, options: options).get()
        offline.withLock { $0 = true }
        lines.withLock { $0.removeAll() }

        let fallback = try await send(plugins: [logger], transport: transport, options: options).get()

        #expect(fallback.cacheOrigin?.kind == .offlineFallback)
        let logged = lines.withLock { $0 }
        let errorIndex = logged.firstIndex { $0.contains("Error:") }
        let fallbackIndex = logged.firstIndex { $0.contains("Response: 200") && $0.contains("[offline fallback") }
        #expect(errorIndex != nil, "\(logged)")
        #expect(fallbackIndex != nil, "\(logged)")
        if let errorIndex, let fallbackIndex { #expect(errorIndex < fallbackIndex) }
    }
}
