#if os(Linux)
    #if os(Linux)
        import CourierTransport
        import Foundation
        import Glibc
    #endif

    /// The event loops that ``HTTP1Transport``s read their connections on: each loop is a thread
    /// of its own that waits on epoll, and each new connection takes the next loop in turn.
    ///
    /// One loop serves many connections; more loops let many requests in flight at once (32 wide,
    /// say) be read on several cores, so ``shared`` runs one per core, as SwiftNIO's singleton
    /// group does; a loop with nothing to do sleeps in epoll and costs no CPU. The threads start when the first transport using the group
    /// is created, and end when the last one goes away (or is shut down with
    /// ``HTTP1Transport/shutdown()``); a later transport starts them again.
    ///
    /// ```swift
    /// let loops = HTTP1EventLoopGroup(loopCount: 4)
    /// let transport = HTTP1Transport(eventLoops: loops)
    /// ```
    public final class HTTP1EventLoopGroup: Sendable {
        /// The group transports use unless given another: one loop per core
        /// (`ProcessInfo.activeProcessorCount`), so an app with many calls in flight at once has
        /// them read in parallel without configuring anything.
        public static let shared = HTTP1EventLoopGroup(loopCount: ProcessInfo.processInfo.activeProcessorCount)

        /// How many loops, and so threads, the group runs while a transport uses it.
        public let loopCount: Int

        #if os(Linux)
            private struct State: Sendable {
                /// Transports using the group.
                var users = 0
                var loops: [EventLoop] = []
                /// The loop the next connection takes.
                var next = 0
            }

            private let threadName: String
            private let state = LockedState(State())
            /// The time its loops' deadlines are on, and so the transports' using it.
            let clock: LoopClock
        #endif

        /// Creates a group of `loopCount` loops (at least one); no thread starts until a transport
        /// uses it.
        ///
        /// - Parameter loopCount: the number of loops; one by default. A loop per core (as
        ///   ``shared`` has) suits many requests in flight at once.
        public convenience init(loopCount: Int = 1) {
            self.init(loopCount: loopCount, threadName: "courier-http1")
        }

        /// Creates a group whose threads are named `threadName` (at most 15 bytes show), with their
        /// deadlines on `clock` (a ``ManualClock`` in tests of timeouts).
        init(loopCount: Int, threadName: String, clock: LoopClock = .system) {
            self.loopCount = max(1, loopCount)
            #if os(Linux)
                self.threadName = threadName
                self.clock = clock
            #endif
        }

        #if os(Linux)
            /// Counts a new user in, starting the loops if it is the first; `false` when they cannot
            /// start (no epoll), and the user is then not counted.
            func join() -> Bool {
                state.withLock { state in
                    if state.loops.isEmpty {
                        var loops: [EventLoop] = []
                        for _ in 0..<loopCount {
                            guard let loop = EventLoop(name: threadName, clock: clock) else {
                                for started in loops { started.stop() }
                                return false
                            }
                            loops.append(loop)
                        }
                        state.loops = loops
                    }
                    state.users += 1
                    return true
                }
            }

            /// Counts a user out; when it was the last, stops the loops and returns them (to wait
            /// for their threads with ``EventLoop/waitUntilStopped()``).
            func leave() -> [EventLoop] {
                let stopped = state.withLock { state -> [EventLoop] in
                    state.users -= 1
                    guard state.users <= 0 else { return [] }
                    state.users = 0
                    defer { state.loops.removeAll() }
                    return state.loops
                }
                for loop in stopped { loop.stop() }
                return stopped
            }

            /// The loop for a new connection, in turn; `nil` when no user has joined.
            func next() -> EventLoop? {
                state.withLock { state in
                    guard !state.loops.isEmpty else { return nil }
                    defer { state.next = (state.next + 1) % state.loops.count }
                    return state.loops[state.next % state.loops.count]
                }
            }

            /// The loops running now (none while no transport uses the group).
            var runningLoops: [EventLoop] { state.withLock { $0.loops } }
        #endif
    }
#endif
