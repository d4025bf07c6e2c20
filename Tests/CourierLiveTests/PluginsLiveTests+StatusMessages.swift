import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// StatusMessagePlugin's messages for httpbin's failures and the server's business message.
extension PluginsLiveTests {
    @Test("status messages for each kind of failure httpbin can produce")
    func statusMessages() async throws {
        let presented = LockedState<[StatusMessageKind]>([])
        var messages = StatusMessages()
        messages.serverError = "服务器出错了，请稍后重试~"
        let texts = LockedState<[String]>([])
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                StatusMessagePlugin(messages: messages) { message, _ in
                    presented.withLock { $0.append(message.kind) }
                    texts.withLock { $0.append(message.text) }
                }
            ])
        let closed = try RefusingPort()
        defer { closed.release() }
        var slow = try PluginBinTarget.httpbin("/delay/5")
        slow.timeout = 0.5

        let cases: [(PluginBinTarget, StatusMessageKind?)] = [
            (closed.target, .cannotConnect),
            (slow, .timeout),
            (try .httpbin("/status/503"), .serverError),
            (try .httpbin("/status/404"), .clientError),
            (try .httpbin("/status/401"), .sessionExpired),
            (try .httpbin("/get"), nil),
        ]
        for (target, kind) in cases {
            presented.withLock { $0.removeAll() }
            _ = try? await provider.request(target)
            #expect(presented.withLock { $0 } == (kind.map { [$0] } ?? []), "\(target.path)")
        }
        #expect(texts.withLock { $0 }.contains("服务器出错了，请稍后重试~"))

        presented.withLock { $0.removeAll() }
        _ = try? await provider.request(try .httpbin("/html"), as: [String: String].self)
        #expect(presented.withLock { $0 } == [.unreadableResponse])

        presented.withLock { $0.removeAll() }
        let call = Task { try await provider.request(try PluginBinTarget.httpbin("/delay/10")) }
        call.cancel()
        _ = await call.result
        #expect(presented.withLock { $0 }.isEmpty, "a cancelled call shows nothing")

        presented.withLock { $0.removeAll() }
        var quiet = closed.target
        quiet.showsStatusMessages = false
        _ = try? await provider.request(quiet)
        #expect(presented.withLock { $0 }.isEmpty, "an opted-out target shows nothing")
    }

    @Test("the server's business message from the envelope", .requiresScenarioServer)
    func businessMessage() async throws {
        let texts = LockedState<[String]>([])
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [StatusMessagePlugin { message, _ in texts.withLock { $0.append(message.text) } }],
            envelope: JSONEnvelope())
        var target = PluginBinTarget(baseURL: try LiveServers.url(for: .scenario), path: "/envelope/shop/fail")
        target.validationType = .none
        _ = try? await provider.request(target)
        #expect(texts.withLock { $0 } == ["库存不足"])
    }
}
