import Courier
import Foundation
import Testing

#if os(Linux)
    /// URLSessionTransport's callbacks (a task's head, its pieces of body, its end) run on a queue
    /// of the transport's own. The queue `URLSession` makes itself runs, on Linux, on dispatch's
    /// default root queue, whose threads are Swift's cooperative pool: a pool busy with other work
    /// would hold every answer back, and the transport's own idle timeout, counting from the last
    /// callback, would end transfers that were not idle.
    @Suite("URLSessionTransport: callbacks off the cooperative pool", .requiresHttpbin)
    struct URLSessionCallbackThreadLiveTests {
        /// The name of the calling thread, as the kernel has it (dispatch names its threads after
        /// the root queue they serve).
        private static func threadName() -> String {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test("a transfer's progress is reported on a thread that is not the pool's")
        func progressOffThePool() async throws {
            let poolThread = Self.threadName()
            let seen = LockedNames()
            let transport = URLSessionTransport()
            var request = TransportRequest(
                urlRequest: URLRequest(url: try LiveServers.url(for: .httpbin).appendingPathComponent("bytes/20000")))
            request.progress = { _ in seen.add(Self.threadName()) }
            let answer = try await transport.send(request)
            #expect(answer.statusCode == 200)
            let names = seen.names
            #expect(!names.isEmpty)
            #expect(!names.contains(poolThread), "\(names) ran where tasks run (\(poolThread))")
        }
    }

    /// Thread names seen by a callback.
    private final class LockedNames: Sendable {
        private let lock = LockedState<[String]>([])
        var names: [String] { lock.withLock { $0 } }
        func add(_ name: String) { lock.withLock { $0.append(name) } }
    }
#endif
