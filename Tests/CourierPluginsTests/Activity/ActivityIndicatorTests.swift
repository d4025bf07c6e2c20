import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ActivityIndicator")
struct ActivityIndicatorTests {
    @Test("overlapping calls make it busy once and idle once")
    func overlappingCalls() async throws {
        let changes = Recorder<ActivityIndicator.State>()
        let indicator = ActivityIndicator { changes.append($0) }
        let transport = GatedTransport()
        let provider = Provider<PluginTarget>(
            transport: transport, plugins: [NetworkActivityPlugin(indicator: indicator)])

        async let first = try? provider.request(PluginTarget(path: "/a"))
        async let second = try? provider.request(PluginTarget(path: "/b"))
        async let third = try? provider.request(PluginTarget(path: "/c"))
        await transport.waitForStart(of: ["/v1/a", "/v1/b", "/v1/c"])
        #expect(indicator.state == .busy && indicator.activeCount == 3)

        let ok = { (path: String) in
            Result<TransportResponse, any Error>.success(
                TransportResponse(response: .make(url: URL(string: "https://api.example.com\(path)")!, status: 200)))
        }
        transport.release("/v1/b", with: ok("/v1/b"))
        transport.release("/v1/a", with: .failure(URLError(.timedOut)))
        _ = await (first, second)
        #expect(changes.all == [.busy], "still busy while /c runs")
        transport.release("/v1/c", with: ok("/v1/c"))
        _ = await third

        #expect(changes.all == [.busy, .idle])
        #expect(indicator.state == .idle && indicator.activeCount == 0)
    }

    @Test("with a grace period a quick sequence of calls does not flicker")
    func gracePeriod() async {
        let indicator = ActivityIndicator(gracePeriod: 0.5)
        let changes = indicator.stateChanges
        let provider = Provider<PluginTarget>(
            transport: ScriptedTransport(), plugins: [NetworkActivityPlugin(indicator: indicator)])
        for index in 0..<5 { _ = try? await provider.request(PluginTarget(path: "/\(index)")) }
        #expect(indicator.state == .busy, "idle only after the grace period")

        var seen: [ActivityIndicator.State] = []
        for await state in changes {
            seen.append(state)
            if state == .idle { break }
        }
        #expect(seen == [.busy, .idle])
        #expect(indicator.activeCount == 0)
    }

    @Test("a call that starts during the grace period keeps it busy")
    func callDuringGracePeriod() async {
        let indicator = ActivityIndicator(gracePeriod: 0.2)
        let changes = indicator.stateChanges
        indicator.begin()
        indicator.end()
        indicator.begin()
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .busy)
        indicator.end()
        #expect(await iterator.next() == .idle)
        #expect(indicator.state == .idle)
    }

    @Test("every stream sees the same changes, and an unmatched end is ignored")
    func streamsAndUnmatchedEnd() async {
        let indicator = ActivityIndicator()
        let first = indicator.stateChanges
        let second = indicator.stateChanges
        indicator.end()
        #expect(indicator.activeCount == 0)
        indicator.begin()
        indicator.begin()
        indicator.end()
        indicator.end()
        var firstIterator = first.makeAsyncIterator()
        var secondIterator = second.makeAsyncIterator()
        #expect(await firstIterator.next() == .busy)
        #expect(await firstIterator.next() == .idle)
        #expect(await secondIterator.next() == .busy)
        #expect(await secondIterator.next() == .idle)
    }

    @Test("onChange may call back into the indicator")
    func reentrantCallback() {
        let seen = Recorder<String>()
        let holder = IndicatorHolder()
        let indicator = ActivityIndicator { state in
            let indicator = holder.indicator.withLock { $0 }
            seen.append("\(state): \(indicator?.activeCount ?? -1) running, reports \(indicator?.state == state)")
        }
        holder.indicator.withLock { $0 = indicator }
        indicator.begin()
        indicator.end()
        #expect(seen.all == ["busy: 1 running, reports true", "idle: 0 running, reports true"])
    }

    @Test("500 begins and ends from many tasks end idle, with busy and idle alternating")
    func concurrentStress() async {
        let changes = Recorder<ActivityIndicator.State>()
        let indicator = ActivityIndicator { changes.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<500 {
                group.addTask {
                    indicator.begin()
                    await Task.yield()
                    indicator.end()
                }
            }
        }
        let all = changes.all
        #expect(all.first == .busy && all.last == .idle)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 != $1 }, "busy and idle alternate")
        #expect(indicator.state == .idle && indicator.activeCount == 0)
    }
}

/// Lets a test's `onChange` reach the indicator it belongs to.
final class IndicatorHolder: Sendable {
    let indicator = LockedState<ActivityIndicator?>(nil)
}
