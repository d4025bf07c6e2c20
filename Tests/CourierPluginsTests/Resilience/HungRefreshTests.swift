import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A token refresh that never returns freezes no call: each ends at its deadline or when it is
/// cancelled, and a refresh past its own time limit is abandoned so the next call can try again.
@Suite("Token refresh that hangs", .timeLimit(.minutes(1)))
struct HungRefreshTests {
    private let server = AuthServerTransport(currentToken: "tok-rotated")
    private let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "ref-old"))
    private let refreshes = CallCounter()
    private let expiries = CallCounter()
    private let gate = RefreshGate()
    /// One element each time a refresh starts, so a test awaits it instead of polling.
    private let refreshStarts = AsyncStream.makeStream(of: Void.self)

    private func plugin(refreshTimeout: TimeInterval) -> TokenRefreshPlugin {
        TokenRefreshPlugin(
            store: store, refreshTimeout: refreshTimeout,
            refresh: { [refreshes, gate, refreshStarts] _ in
                refreshes.increment()
                refreshStarts.continuation.yield()
                await gate.wait()
                return AuthCredential(accessToken: "tok-rotated", refreshToken: "ref-new")
            },
            onSessionExpired: { [expiries] in expiries.increment() })
    }

    private func provider(refreshTimeout: TimeInterval, callTimeout: TimeInterval?) -> Provider<AccountAPI> {
        provider(plugin(refreshTimeout: refreshTimeout), callTimeout: callTimeout)
    }

    private func provider(_ plugin: TokenRefreshPlugin, callTimeout: TimeInterval?) -> Provider<AccountAPI> {
        Provider<AccountAPI>(transport: server, plugins: [plugin], options: ProviderOptions(timeout: callTimeout))
    }

    @Test("five calls waiting for a refresh that never ends time out with their own deadline")
    func callsTimeOut() async throws {
        defer { gate.open() }
        let plugin = plugin(refreshTimeout: .infinity)
        // The refresh is started by a call without a deadline, and the five start once it runs:
        // each of them must end by its own deadline while waiting on that refresh.
        let first = Task { [provider = provider(plugin, callTimeout: nil)] in
            await Self.error { try await provider.request(.me) }
        }
        var starts = refreshStarts.stream.makeAsyncIterator()
        _ = await starts.next()
        // The refresh never ends: a timeout is each call's own deadline at work.
        let provider = provider(plugin, callTimeout: 0.3)
        let errors = await withTaskGroup(of: CourierError?.self) { group in
            for _ in 0..<5 { group.addTask { await Self.error { try await provider.request(.me) } } }
            return await group.reduce(into: [CourierError?]()) { $0.append($1) }
        }
        #expect(errors.allSatisfy { $0?.isTimeout == true }, "\(errors)")
        #expect(refreshes.count == 1, "the five joined the refresh running, none started another")
        #expect(expiries.count == 0)
        first.cancel()
        #expect(await first.value?.isCancelled == true)
    }

    // The refresh never ends: a call that completes at all after cancel() was ended by it (the
    // pipeline gives the abandoned work half a second to wind down before the caller returns).
    @Test("a call waiting for a hung refresh completes after cancel(), cancelled")
    func cancelEndsTheWait() async throws {
        defer { gate.open() }
        let provider = provider(refreshTimeout: .infinity, callTimeout: nil)
        let (results, resultContinuation) = AsyncStream.makeStream(of: Result<Response, CourierError>.self)
        let call = provider.request(.me) { resultContinuation.yield($0) }
        var starts = refreshStarts.stream.makeAsyncIterator()
        _ = await starts.next()
        call.cancel()
        var iterator = results.makeAsyncIterator()
        let result = await iterator.next()
        guard case .failure(let error) = result else {
            Issue.record("expected a cancelled call, got \(String(describing: result))")
            return
        }
        #expect(error.isCancelled)
    }

    @Test("a refresh past its time limit is abandoned: the credential stays and the next call refreshes again")
    func refreshTimeLimit() async throws {
        defer { gate.open() }
        let provider = provider(refreshTimeout: 0.2, callTimeout: 10)
        let first = await Self.error { try await provider.request(.me) }
        #expect(first != nil)
        #expect(expiries.count == 0, "a refresh that timed out does not end the session")
        #expect(await store.accessToken == "tok-old")
        _ = await Self.error { try await provider.request(.me) }
        #expect(refreshes.count == 2, "the next call tried again")
    }

    private static func error(_ body: () async throws -> Response) async -> CourierError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? CourierError
        }
    }
}

/// A wait that ignores cancellation and ends when the test opens the gate.
private final class RefreshGate: Sendable {
    private let state = LockedState<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
