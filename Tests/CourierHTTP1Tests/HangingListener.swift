#if os(Linux)
    import Foundation
    import Glibc

    @testable import CourierHTTP1

    /// A loopback port whose accept queue is full: a connect to it hangs (the kernel drops the
    /// handshake), as to a host that does not answer.
    final class HangingListener {
        let port: Int
        private var fds: [Int32] = []

        init() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            fds.append(listener)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, length) == 0 && listen(listener, 0) == 0
                        && getsockname(listener, $0, &length) == 0
                }
            }
            guard listening else { throw POSIXError(.EADDRINUSE) }
            port = Int(UInt16(bigEndian: address.sin_port))
            // Blocking: returns once this connection fills the queue.
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            fds.append(filler)
            guard let target = SocketAddress.numeric(host: "127.0.0.1", port: port),
                target.withSockAddr({ connect(filler, $0, $1) }) == 0
            else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { for fd in fds { close(fd) } }
    }
#endif
