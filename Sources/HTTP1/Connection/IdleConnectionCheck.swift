#if os(Linux)
    import CourierTransport
    import Glibc

    /// Whether a keep-alive connection that sat idle may carry another request: checked, without
    /// waiting, just before the pool hands it out.
    ///
    /// Between requests the server has nothing to say. Bytes waiting on an idle connection are a
    /// response nobody asked for (a server out of step, or one that answered twice); a hang-up or
    /// an error means it closed. Either way the connection is discarded, or the next request would
    /// take those bytes for its answer, or fail on a dead socket. The event loop would notice too,
    /// but only when its thread gets to run: that race gave the next request the stray answer.
    ///
    /// What arrives after the check still races with the request; only the server can prevent that.
    enum IdleConnectionCheck {
        /// Input, a hang-up from either side, or an error, for `poll`; `POLLRDHUP` (the peer shut
        /// its side) is missing from Swift's Glibc module.
        private static let events = Int16(POLLIN) | Int16(POLLPRI) | 0x2000

        /// Whether `fd` is quiet: no byte to read, no hang-up, no error. A zero timeout: never blocks.
        static func isQuiet(_ fd: Int32) -> Bool {
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            while true {
                let ready = poll(&descriptor, 1, 0)
                if ready == 0 { return true }
                if ready < 0, errno == EINTR { continue }
                return false
            }
        }
    }
#endif
