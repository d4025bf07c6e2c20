#if os(Linux)
    extension EventLoop {
        /// What the loop watches a connection's socket for.
        enum Interest: Sendable {
            /// Errors only.
            case errorsOnly
            /// Input and the server's hang-up.
            case input
            /// Input, hang-up, and room to write (for the handshake, and while a writer waits).
            case inputAndOutput

            var events: UInt32 {
                switch self {
                case .errorsOnly: Epoll.edgeTriggered
                case .input: Epoll.readable | Epoll.readHangUp | Epoll.edgeTriggered
                case .inputAndOutput: Epoll.readable | Epoll.readHangUp | Epoll.writable | Epoll.edgeTriggered
                }
            }
        }
    }
#endif
