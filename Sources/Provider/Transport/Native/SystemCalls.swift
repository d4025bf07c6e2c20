#if os(Linux)
    import Foundation
    import Glibc

    // Swift's Glibc module does not include <sys/epoll.h> or <sys/eventfd.h>, and a C shim target
    // would be a package change for four functions. These declarations bind the C symbols
    // directly: every argument is an integer or a pointer, which Swift passes exactly as C does
    // on the 64-bit Linux targets Swift supports.

    @_silgen_name("epoll_create1")
    private func systemEpollCreate(_ flags: Int32) -> Int32

    @_silgen_name("epoll_ctl")
    private func systemEpollControl(_ epfd: Int32, _ operation: Int32, _ fd: Int32, _ event: UnsafeMutableRawPointer?)
        -> Int32

    @_silgen_name("epoll_wait")
    private func systemEpollWait(
        _ epfd: Int32, _ events: UnsafeMutableRawPointer?, _ maxEvents: Int32, _ timeout: Int32
    ) -> Int32

    @_silgen_name("eventfd")
    private func systemEventFD(_ initialValue: UInt32, _ flags: Int32) -> Int32

    /// The epoll and eventfd calls, with `struct epoll_event` laid out by hand.
    enum Epoll {
        static let readable: UInt32 = 0x001  // EPOLLIN
        static let writable: UInt32 = 0x004  // EPOLLOUT
        static let error: UInt32 = 0x008  // EPOLLERR
        static let hangUp: UInt32 = 0x010  // EPOLLHUP
        static let readHangUp: UInt32 = 0x2000  // EPOLLRDHUP
        static let edgeTriggered: UInt32 = 1 << 31  // EPOLLET

        private static let closeOnExec: Int32 = 0o2_000_000  // EPOLL_CLOEXEC, EFD_CLOEXEC (= O_CLOEXEC)
        private static let nonBlocking: Int32 = 0o4_000  // EFD_NONBLOCK (= O_NONBLOCK)
        private static let add: Int32 = 1  // EPOLL_CTL_ADD
        private static let modify: Int32 = 3  // EPOLL_CTL_MOD

        /// `struct epoll_event` is packed on x86_64 (12 bytes) and naturally aligned elsewhere (16).
        #if arch(x86_64) || arch(i386)
            static let eventSize = 12
            static let dataOffset = 4
        #else
            static let eventSize = 16
            static let dataOffset = 8
        #endif

        static func create() -> Int32 { systemEpollCreate(closeOnExec) }

        static func makeEventFD() -> Int32 { systemEventFD(0, closeOnExec | nonBlocking) }

        /// Adds `fd` with `events`, tagged with `token`; `0` on success, `-1` with `errno` otherwise.
        static func add(_ fd: Int32, to epoll: Int32, events: UInt32, token: UInt64) -> Int32 {
            control(epoll, add, fd, events: events, token: token)
        }

        /// Changes the events `fd` is watched for; `0` on success, `-1` with `errno` otherwise.
        static func modify(_ fd: Int32, in epoll: Int32, events: UInt32, token: UInt64) -> Int32 {
            control(epoll, modify, fd, events: events, token: token)
        }

        private static func control(_ epoll: Int32, _ operation: Int32, _ fd: Int32, events: UInt32, token: UInt64)
            -> Int32
        {
            withUnsafeTemporaryAllocation(byteCount: eventSize, alignment: 8) { buffer in
                guard let base = buffer.baseAddress else { return -1 }
                base.storeBytes(of: events, as: UInt32.self)
                base.storeBytes(of: token, toByteOffset: dataOffset, as: UInt64.self)
                return systemEpollControl(epoll, operation, fd, base)
            }
        }

        /// Waits for events into `buffer`, which holds `capacity` events.
        static func wait(_ epoll: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int32, timeout: Int32) -> Int32
        {
            systemEpollWait(epoll, buffer, capacity, timeout)
        }

        /// The flags and token of event `index` in `buffer`.
        static func event(at index: Int, in buffer: UnsafeMutableRawPointer) -> (flags: UInt32, token: UInt64) {
            let base = buffer + index * eventSize
            return (
                base.loadUnaligned(as: UInt32.self), base.loadUnaligned(fromByteOffset: dataOffset, as: UInt64.self)
            )
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
