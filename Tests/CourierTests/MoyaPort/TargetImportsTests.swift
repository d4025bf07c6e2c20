import Courier
import Testing

/// A target that declares its token kind, and a plugin that reads it, with `import Courier` alone.
@Suite struct TargetImportsTests {
    @Test func aTargetDeclaresItsTokenKindAndAPluginReadsIt() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<ProfileAPI>(transport: transport, plugins: [LegacyTokenPlugin()])
        _ = try await provider.request(.me)
        _ = try await provider.request(.avatar(userID: 7))
        let requests = transport.requests.map(\.urlRequest)
        #expect(requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer token-1", nil])
    }
}
