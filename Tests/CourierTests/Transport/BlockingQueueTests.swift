import Foundation
import Testing

@testable import CourierTransport

#if os(Linux)
    /// Blocking work leaves the cooperative pool. On Linux, dispatch's global concurrent queues run
    /// on the very threads of Swift's cooperative pool, so "a dispatch queue" is not enough: the
    /// work must land on a thread of another kind. The kind shows in the thread's name, which
    /// dispatch sets per root queue.
    @Suite("Blocking work runs off the cooperative pool")
    struct BlockingQueueTests {
        /// The name of the calling thread, as the kernel has it.
        private static func threadName() -> String {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test("jobs run on threads that are not the pool's, several at once")
        func offThePool() async throws {
            let poolThread = Self.threadName()
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await BlockingQueue.run { Self.threadName() } } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(!poolThread.isEmpty)
            #expect(names.count == 8)
            #expect(!names.contains(poolThread), "\(names) ran where tasks run (\(poolThread))")
        }

        @Test("a detached job runs off the pool too, and what it throws comes back from run")
        func detachedAndThrowing() async throws {
            let poolThread = Self.threadName()
            let name = await withCheckedContinuation { continuation in
                BlockingQueue.detach { continuation.resume(returning: Self.threadName()) }
            }
            #expect(name != poolThread)
            await #expect(throws: CocoaError.self) {
                try await BlockingQueue.run { throw CocoaError(.fileReadNoPermission) }
            }
        }
    }
#endif
