#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// An IPv4 or IPv6 socket address, copied out of `getaddrinfo`'s list or parsed from a
    /// numeric host.
    struct SocketAddress: Sendable, Equatable {
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

        /// The address of a numeric host (`127.0.0.1`, `::1`, or `[::1]` as in a URL) on `port`,
        /// parsed without a lookup; `nil` for a name or a port out of range.
        static func numeric(host: String, port: Int) -> SocketAddress? {
            guard (0...65_535).contains(port) else { return nil }
            var literal = Substring(host)
            if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
            let networkPort = in_port_t(UInt16(port)).bigEndian
            var v4 = sockaddr_in()
            if inet_pton(AF_INET, String(literal), &v4.sin_addr) == 1 {
                v4.sin_family = sa_family_t(AF_INET)
                v4.sin_port = networkPort
                return withUnsafeBytes(of: &v4) { SocketAddress(family: AF_INET, bytes: $0) }
            }
            var v6 = sockaddr_in6()
            if inet_pton(AF_INET6, String(literal), &v6.sin6_addr) == 1 {
                v6.sin6_family = sa_family_t(AF_INET6)
                v6.sin6_port = networkPort
                return withUnsafeBytes(of: &v6) { SocketAddress(family: AF_INET6, bytes: $0) }
            }
            return nil
        }

        /// The addresses of `host` for TCP on `port`, in the resolver's order.
        ///
        /// A numeric host is parsed without a lookup. A name is resolved by `getaddrinfo`, which
        /// blocks, for seconds when a DNS server is slow: call this only on a thread Courier owns
        /// (``SystemHostResolver`` does), never on one of Swift's cooperative pool.
        ///
        /// - Throws: `URLError(.cannotFindHost)` when the name has no address.
        static func resolve(host: String, port: Int) throws(URLError) -> [SocketAddress] {
            if let address = numeric(host: host, port: port) { return [address] }
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
