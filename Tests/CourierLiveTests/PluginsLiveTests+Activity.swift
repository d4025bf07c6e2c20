import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// NetworkActivityPlugin and ActivityIndicator over successes, failures, cancellations and concurrent calls.
extension PluginsLiveTests {
    @Test("began and ended balance over successes, refused connections, cancellations and 100 concurrent calls")
    func activityBalance() async throws {
        let balance = LiveActivityBalance()
        let provider = Provider<PluginBinTarget>(transport: TestTransport.make(), plugins: [balance.plugin])
        let closed = try RefusingPort()
        defer { closed.release() }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let target: PluginBinTarget? =
                        index % 10 == 0 ? closed.target : try? PluginBinTarget.httpbin("/anything/\(index)")
                    if let target { _ = try? await provider.request(target) }
                }
            }
        }
        #expect(balance.counts == (100, 100))

        // Cancelled in flight: the call is cancelled as soon as it is handed to the transport.
        for _ in 0..<5 {
            let before = balance.counts.began
            let call = Task { try await provider.request(try PluginBinTarget.httpbin("/delay/10")) }
            await balance.wait(began: before + 1)
            call.cancel()
            let result = await call.result
            #expect((result.failureAsCourierErrorForPlugins)?.isCancelled == true)
        }
        #expect(balance.counts == (105, 105))
        #expect(!balance.wentNegative)
    }

    @Test("the indicator goes busy once and idle once across overlapping calls")
    func indicatorAcrossOverlappingCalls() async throws {
        let changes = LockedState<[ActivityIndicator.State]>([])
        let indicator = ActivityIndicator { state in changes.withLock { $0.append(state) } }
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [NetworkActivityPlugin(indicator: indicator)])
        async let first = try? provider.request(try PluginBinTarget.httpbin("/delay/0.5"))
        async let second = try? provider.request(try PluginBinTarget.httpbin("/delay/0.3"))
        async let third = try? provider.request(try PluginBinTarget.httpbin("/get"))
        _ = await (first, second, third)
        #expect(changes.withLock { $0 } == [.busy, .idle])
        #expect(indicator.activeCount == 0)
    }
}

extension Result where Failure == any Error {
    /// The failure as a `CourierError`, or `nil`.
    fileprivate var failureAsCourierErrorForPlugins: CourierError? {
        if case .failure(let error) = self { return error as? CourierError }
        return nil
    }
}
