#if os(Linux)
    import Foundation
    import Courier
    import Glibc

    /// An IPv4 or IPv6 socket address, copied out of `getaddrinfo`'s list.
    struct SocketAddress: Sendable {
        /// `AF_INET` or `AF_INET6`.
        let family: Int32
        private let storage: [UInt8]

        private init(family: Int32, bytes: UnsafeRawBufferPointer) {
            self.family = family
            self.storage = Array(bytes)
        }

        /// Calls `body` with the address as `connect` takes it.
        func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
            storage.withUnsafeBytes { bytes in
                // `storage` is a copy of a sockaddr_in or sockaddr_in6 (no stricter alignment than 4).
                let aligned = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
                defer { aligned.deallocate() }
                if let source = bytes.baseAddress { aligned.copyMemory(from: source, byteCount: bytes.count) }
                return body(aligned.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
            }
        }

        /// The addresses of `host` for TCP on `port`, in the resolver's order.
        ///
        /// A numeric host is parsed without a lookup. A name is resolved by `getaddrinfo`, which
        /// may block on DNS: pooled connections make this rare, and loopback names are answered
        /// from `/etc/hosts`.
        ///
        /// - Throws: `URLError(.cannotFindHost)` when the name has no address.
        static func resolve(host: String, port: Int) throws(URLError) -> [SocketAddress] {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_protocol = Int32(IPPROTO_TCP)
            hints.ai_flags = AI_NUMERICSERV
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw URLError(.cannotFindHost)
            }
            defer { freeaddrinfo(first) }
            var addresses: [SocketAddress] = []
            var cursor: UnsafeMutablePointer<addrinfo>? = first
            while let entry = cursor {
                let info = entry.pointee
                if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                    let bytes = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                    addresses.append(SocketAddress(family: info.ai_family, bytes: bytes))
                }
                cursor = info.ai_next
            }
            guard !addresses.isEmpty else { throw URLError(.cannotFindHost) }
            return addresses
        }
    }
#endif
