#if os(Linux)
    internal import CCourierSystem
    import Foundation
    import CourierTransport
    import Glibc

    /// The epoll and eventfd calls (from the `CCourierSystem` module: Swift's Glibc module does
    /// not include `<sys/epoll.h>` or `<sys/eventfd.h>`).
    enum Epoll {
        static let readable = EPOLLIN.rawValue
        static let writable = EPOLLOUT.rawValue
        static let error = EPOLLERR.rawValue
        static let hangUp = EPOLLHUP.rawValue
        static let readHangUp = EPOLLRDHUP.rawValue
        static let edgeTriggered = EPOLLET.rawValue

        /// The size of one `struct epoll_event` in a buffer for ``wait(_:into:capacity:timeout:)``
        /// (packed on x86_64: 12 bytes).
        static let eventSize = MemoryLayout<epoll_event>.stride

        static func create() -> Int32 { epoll_create1(Int32(EPOLL_CLOEXEC)) }

        static func makeEventFD() -> Int32 { eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)) }

        /// Adds `fd` with `events`, tagged with `token`; `0` on success, `-1` with `errno` otherwise.
        static func add(_ fd: Int32, to epoll: Int32, events: UInt32, token: UInt64) -> Int32 {
            control(epoll, EPOLL_CTL_ADD, fd, events: events, token: token)
        }

        /// Changes the events `fd` is watched for; `0` on success, `-1` with `errno` otherwise.
        static func modify(_ fd: Int32, in epoll: Int32, events: UInt32, token: UInt64) -> Int32 {
            control(epoll, EPOLL_CTL_MOD, fd, events: events, token: token)
        }

        private static func control(_ epoll: Int32, _ operation: Int32, _ fd: Int32, events: UInt32, token: UInt64)
            -> Int32
        {
            var event = epoll_event()
            event.events = events
            event.data.u64 = token
            return epoll_ctl(epoll, operation, fd, &event)
        }

        /// Waits for events into `buffer`, which holds `capacity` events of ``eventSize`` bytes.
        static func wait(_ epoll: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int32, timeout: Int32) -> Int32
        {
            epoll_wait(epoll, buffer.bindMemory(to: epoll_event.self, capacity: Int(capacity)), capacity, timeout)
        }

        /// The flags and token of event `index` in `buffer`.
        static func event(at index: Int, in buffer: UnsafeMutableRawPointer) -> (flags: UInt32, token: UInt64) {
            let event = buffer.loadUnaligned(fromByteOffset: index * eventSize, as: epoll_event.self)
            return (event.events, event.data.u64)
        }
    }

    /// Monotonic time, in nanoseconds, for deadlines.
    enum MonotonicClock {
        static func now() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }

        /// `seconds` as nanoseconds, clamped to a sane range (a negative or absurd value means "none").
        static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
            guard seconds > 0, seconds.isFinite, seconds < 1e9 else { return nil }
            return UInt64(seconds * 1e9)
        }
    }
#endif
