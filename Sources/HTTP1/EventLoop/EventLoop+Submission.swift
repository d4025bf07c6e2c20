#if os(Linux)
    import CourierTransport
    import Glibc

    /// How other threads hand work to the loop's thread, the one owner of its sockets, and how
    /// debug builds check that socket calls happen there.
    extension EventLoop {
        /// Runs `job` on the loop's thread: at once when called there, otherwise at the loop's next
        /// turn (waking it if it sleeps), after the work submitted before it. Once the loop's thread
        /// has ended, on the caller's thread: the loop owns nothing any more.
        func execute(_ job: @escaping @Sendable () -> Void) {
            let (inline, wake) = registry.withLock { registry -> (Bool, Bool) in
                if registry.submissions.isClosed { return (true, false) }
                if registry.isLoopThread { return (true, false) }
                return (false, registry.submissions.append(job))
            }
            if inline { job() }
            if wake { wakeUp() }
        }

        /// Whether the caller runs on the loop's thread, or the loop's thread has ended (then
        /// whoever closes what was left is its owner).
        var isOnLoopThread: Bool {
            registry.withLock { registry in
                registry.submissions.isClosed || registry.isLoopThread
            }
        }

        /// Stops a debug build when a socket or OpenSSL call on one of the loop's connections is
        /// about to run on another thread; compiled out of release builds.
        @inline(__always)
        func assertOnLoopThread(file: StaticString = #fileID, line: UInt = #line) {
            #if DEBUG
                precondition(
                    isOnLoopThread, "a connection's socket used off its event loop's thread", file: file, line: line)
            #endif
        }
    }
#endif
