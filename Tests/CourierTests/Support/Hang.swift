import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A wait that ignores cancellation and ends only when the test releases it: what a plugin or a
/// refresh that hangs does to a call.
final class Hang: Sendable {
    private struct State {
        var waiters: [CheckedContinuation<Void, Never>] = []
        var started = 0
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedState(State())

    /// How many waits have begun.
    var started: Int { state.withLock { $0.started } }

    /// Waits until ``release()``, whatever happens to the task.
    func wait() async {
        await withCheckedContinuation { continuation in
            let watchers = state.withLock { state in
                state.waiters.append(continuation)
                state.started += 1
                defer { state.watchers.removeAll() }
                return state.watchers
            }
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Returns once a wait has begun (at once if one has).
    func firstWaitBegan() async {
        await waitsBegan(1)
    }

    /// Returns once `count` waits have begun.
    func waitsBegan(_ count: Int) async {
        while state.withLock({ $0.started }) < count {
            await withCheckedContinuation { continuation in
                let began = state.withLock { state in
                    if state.started < count { state.watchers.append(continuation) }
                    return state.started >= count
                }
                if began { continuation.resume() }
            }
        }
    }

    /// Ends every wait so far.
    func release() {
        let waiters = state.withLock { state in
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// How long a test waits for something that must end, but may be slow: 10 s, four times that
/// under ThreadSanitizer or AddressSanitizer, which slow every thread.
enum TestTiming {
    static let withoutHanging: Double = {
        let sanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
        return sanitized ? 40 : 10
    }()
}
