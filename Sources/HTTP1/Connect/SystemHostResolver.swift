#if os(Linux)
    import Dispatch
    import Foundation
    import CourierTransport

    /// The system's resolver (`getaddrinfo`: `/etc/hosts`, then DNS as `/etc/nsswitch.conf`
    /// says), run on threads of Courier's own.
    ///
    /// `getaddrinfo` blocks, for seconds when a DNS server is slow, and cannot be interrupted:
    /// it runs on a thread of its own (``BlockingQueue``), never on the caller's cooperative
    /// thread, and one slow name does not hold up lookups of others. A caller that is cancelled
    /// returns at once with `CancellationError`; the lookup then finishes on its thread and its
    /// answer is dropped.
    struct SystemHostResolver: HostResolver {
        func addresses(host: String, port: Int) async throws -> [SocketAddress] {
            if let address = SocketAddress.numeric(host: host, port: port) { return [address] }
            let answer = OneShotAnswer<[SocketAddress]>()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    answer.deliver(to: continuation)
                    BlockingQueue.detach {
                        do {
                            answer.resume(with: .success(try SocketAddress.resolve(host: host, port: port)))
                        } catch {
                            answer.resume(with: .failure(error))
                        }
                    }
                }
            } onCancel: {
                answer.resume(with: .failure(CancellationError()))
            }
        }
    }
#endif
