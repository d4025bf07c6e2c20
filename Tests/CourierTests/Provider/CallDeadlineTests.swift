import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call ends at its deadline or its cancellation, whatever it waits for, and no wait given in
/// seconds traps.
@Suite("Call deadline: every call ends")
struct CallDeadlineTests {
    /// `body`'s error, or a recorded issue when it succeeds.
    private func failure(_ body: () async throws -> Response) async -> CourierError? {
        do {
            _ = try await body()
            Issue.record("the call succeeded")
        } catch let error as CourierError {
            return error
        } catch {
            Issue.record("not a CourierError: \(error)")
        }
        return nil
    }

    private func options(timeout: TimeInterval?, attempts: Int = 3) -> ProviderOptions {
        ProviderOptions(maximumAttempts: attempts, timeout: timeout)
    }

    @Test("a call has a 60 s deadline by default")
    func defaultDeadline() {
        #expect(ProviderOptions().timeout == 60)
        #expect(ProviderOptions.defaultTimeout == 60)
    }

    @Test("a prepare that hangs and ignores cancellation ends at the deadline, then waits out the wind-down")
    func hungPrepare() async {
        let hang = Hang()
        defer { hang.release() }
        let clock = ManualClock()
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport(), plugins: [HangingPlugin(hang: hang)], options: clock.options(timeout: 0.2))
        let origin = clock.now()
        let call = Task { await failure { try await provider.request(CoreTestTarget()) } }
        let (error, endedAt) = await clock.run(until: call)
        #expect(error?.isTimeout == true)
        // The deadline at 0.2 s, then the wind-down a call whose work ignores cancellation gives it.
        #expect(endedAt == origin + nanoseconds(0.2) + Deadline.windDown)
    }

    @Test("a prepare that hangs ends when the call is cancelled, with no deadline at all")
    func cancelledWhileHung() async throws {
        let hang = Hang()
        defer { hang.release() }
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport(), plugins: [HangingPlugin(hang: hang)], options: options(timeout: nil))
        let call = Task { try await provider.request(CoreTestTarget()) }
        await hang.firstWaitBegan()
        call.cancel()
        let error = await failure { try await call.value }
        #expect(error?.isCancelled == true)
    }

    @Test("concurrent calls with different deadlines each end at their own, the later one not early")
    func ownDeadlines() async {
        let hang = Hang()
        defer { hang.release() }
        let clock = ManualClock()
        let long = Provider<CoreTestTarget>(
            transport: ScriptedTransport(), plugins: [HangingPlugin(hang: hang)], options: clock.options(timeout: 1))
        let short = Provider<CoreTestTarget>(
            transport: ScriptedTransport(), plugins: [HangingPlugin(hang: hang)], options: clock.options(timeout: 0.15))
        let origin = clock.now()
        // Each call notes the time it returned at; time moves only by the steps below.
        let longCall = Task { (await failure { try await long.request(CoreTestTarget()) }, clock.now()) }
        let shortCall = Task { (await failure { try await short.request(CoreTestTarget()) }, clock.now()) }
        await hang.waitsBegan(2)
        // The short deadline, then its wind-down (the hung prepare ignores cancellation).
        await clock.advance(to: origin + nanoseconds(0.15))
        await clock.advance(to: origin + nanoseconds(0.15) + Deadline.windDown)
        let (shortError, shortEnded) = await shortCall.value
        #expect(shortError?.isTimeout == true)
        #expect(shortEnded == origin + nanoseconds(0.15) + Deadline.windDown)
        // The long call is still running: it returns only after its own deadline and wind-down.
        await clock.advance(to: origin + nanoseconds(1))
        await clock.advance(to: origin + nanoseconds(1) + Deadline.windDown)
        let (longError, longEnded) = await longCall.value
        #expect(longError?.isTimeout == true)
        #expect(
            longEnded == origin + nanoseconds(1) + Deadline.windDown, "the short deadline did not end the long call")
    }

    @Test("the deadline covers every attempt, not each one")
    func coversRetries() async {
        let transport = ScriptedTransport { _ in throw URLError(.networkConnectionLost) }
        let provider = Provider<CoreTestTarget>(
            transport: transport, plugins: [RetryAfterPlugin(seconds: 0.05)],
            options: options(timeout: 0.3, attempts: 1000))
        let error = await failure { try await provider.request(CoreTestTarget()) }
        // Each attempt fails at once: only a deadline over all of them can end the call as a timeout.
        #expect(error?.isTimeout == true)
        #expect(transport.requests.count < 1000)
    }

    @Test(
        "an endless wait (infinity, or past UInt64's nanoseconds) ends at the deadline instead of trapping",
        arguments: [TimeInterval.infinity, 1e20, 2e10])
    func endlessWaits(seconds: TimeInterval) async {
        let transport = ScriptedTransport { _ in throw URLError(.networkConnectionLost) }
        let retrying = Provider<CoreTestTarget>(
            transport: transport, plugins: [RetryAfterPlugin(seconds: seconds)], options: options(timeout: 0.2))
        #expect(await failure { try await retrying.request(CoreTestTarget()) }?.isTimeout == true)

        let delayed = Provider<CoreTestTarget>(
            stubClosure: { _ in .delayed(seconds: seconds) }, options: options(timeout: 0.2))
        #expect(await failure { try await delayed.request(CoreTestTarget()) }?.isTimeout == true)
    }

    @Test(
        "no deadline or a far one: nil, infinity and 1e10 s let a call run",
        arguments: [nil, TimeInterval.infinity, 1e10] as [TimeInterval?])
    func noDeadline(timeout: TimeInterval?) async throws {
        let transport = ScriptedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport, options: options(timeout: timeout))
        #expect(try await provider.request(CoreTestTarget()).statusCode == 200)
        #expect(transport.requests.first?.urlRequest.timeoutInterval.isFinite == true)
    }

    @Test("WaitTime clamps what Task.sleep cannot take")
    func waitTime() {
        #expect(WaitTime.nanoseconds(1.5) == 1_500_000_000)
        #expect(WaitTime.nanoseconds(0) == 0)
        #expect(WaitTime.nanoseconds(-3) == 0)
        #expect(WaitTime.nanoseconds(.nan) == 0)
        #expect(WaitTime.nanoseconds(.infinity) == nil)
        #expect(WaitTime.nanoseconds(1.9e10) == nil)
        #expect(WaitTime.nanoseconds(1.8e10) != nil)
    }

    @Test("uploads and downloads are not held to the provider's default deadline; a target's own applies")
    func transfers() {
        let provider = Provider<CoreTestTarget>(options: options(timeout: 5))
        let file = URL(fileURLWithPath: "/tmp/x")
        #expect(provider.deadline(for: CoreTestTarget(), task: .requestPlain) == 5)
        #expect(provider.deadline(for: CoreTestTarget(), task: .uploadFile(file)) == nil)
        #expect(provider.deadline(for: CoreTestTarget(), task: .downloadDestination { _, _ in file }) == nil)
    }
}

/// A plugin whose `prepare` waits on `hang`.
private struct HangingPlugin: PluginType {
    let hang: Hang

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        await hang.wait()
        return request
    }
}

/// A plugin that asks for every failed call to be sent again after `seconds`.
private struct RetryAfterPlugin: PluginType {
    let seconds: TimeInterval

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        .retryAfter(seconds)
    }
}
