import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A wait that ignores cancellation and ends only when the test releases it: what a plugin or a
/// refresh that hangs does to a call.
final class Hang: Sendable {
    private let waiters = LockedState<[CheckedContinuation<Void, Never>]>([])

    /// How many waits have begun.
    var started: Int { waiters.withLock { $0.count } }

    /// Waits until ``release()``, whatever happens to the task.
    func wait() async {
        await withCheckedContinuation { continuation in waiters.withLock { $0.append(continuation) } }
    }

    /// Ends every wait so far.
    func release() {
        for waiter in waiters.withLock({ $0 }) { waiter.resume() }
        waiters.withLock { $0.removeAll() }
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
