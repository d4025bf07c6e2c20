#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// A read pause through a real connection: the body's sink says it is behind, the request
    /// machine stops the reading (its `bodyPaused` phase), and when the sink caught up the loop
    /// watches the socket again and the rest of the body arrives.
    @Suite("Connection: a read paused for a sink that is behind", .enabled(if: EventLoop.isSupported))
    struct ReadPauseTests {
        /// A sink that is behind after its first bytes until ``catchUp()``, and reports each take.
        private final class HoldingSink: BodySink {
            private struct State {
                var bytes = Data()
                var held = false
                var drained: (@Sendable () -> Void)?
            }
            private let state = LockedState(State())
            /// The byte count after each take.
            let takes: AsyncStream<Int>
            private let report: AsyncStream<Int>.Continuation

            init() { (takes, report) = AsyncStream.makeStream(of: Int.self) }

            var bytes: Data { state.withLock { $0.bytes } }
            var timeoutEndsWithHead: Bool { false }
            func headArrived(_ head: HTTPResponseHead) {}
            func whenFailed(_ action: @escaping @Sendable (Int32) -> Void) {}
            func whenDrained(_ action: @escaping @Sendable () -> Void) { state.withLock { $0.drained = action } }

            func enqueue(_ bytes: Data) -> Bool {
                let (count, behind) = state.withLock { state -> (Int, Bool) in
                    state.bytes.append(bytes)
                    // Behind once, after the first bytes.
                    let behind = !state.held
                    state.held = true
                    return (state.bytes.count, behind)
                }
                report.yield(count)
                return behind
            }

            /// Caught up, as a download file's queue says so: from another thread than the loop's.
            func catchUp() {
                let action = state.withLock { $0.drained }
                action?()
            }
        }

        @Test(
            "reading stops while the sink is behind, goes on once it caught up, and the whole body arrives",
            .timeLimit(.minutes(1)))
        func pauseAndResume() async throws {
            // More than one read of the loop's buffer, and little enough for the kernel's buffers
            // to hold what is not read: the server's last write returns while reading is paused.
            let body = [UInt8]((0..<(160 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let head = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            let half = body.count / 2
            let server = try NativeTestServer { _ in .sendWithExtra(head + body[..<half], extra: Array(body[half...])) }
            defer { server.stop() }
            let loop = try #require(EventLoop(name: "courier-pause"))
            await loop.waitUntilStarted()
            let address = try #require(SocketAddress.numeric(host: "127.0.0.1", port: server.port))
            let key = HTTP1PoolKey(host: "127.0.0.1", port: server.port, isSecure: false)
            let connection = try await HTTP1Connection.connect(
                to: address, key: key, loop: loop, timeout: nil, relay: CancellationRelay())
            let sink = HoldingSink()
            try connection.expect(
                ResponseExpectation(
                    isResponseToHEAD: false, limits: .init(), file: sink, maximumSize: nil, progress: nil,
                    timeout: nil))
            let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            let response = Task { try await connection.finish(request, checksQuiet: false) }

            var takes = sink.takes.makeAsyncIterator()
            let first = try #require(await takes.next())
            #expect(first < body.count, "the body came in more than one read")
            // The machine paused under the lock the take was made under.
            let paused = connection.state.withLock { ($0.machine.readsInput, $0.machine.request?.phase) }
            #expect(paused.0 == false)
            #expect(paused.1 == .bodyPaused)

            // Every byte is in the socket, and the loop saw its edge while paused (three turns of
            // the loop take it past any edge raised before them): only watching the socket again
            // once the sink caught up reads the rest.
            _ = try await server.firstEvent { if case .extraSent = $0 { true } else { false } }
            for _ in 0..<3 { await withCheckedContinuation { done in loop.execute { done.resume() } } }
            sink.catchUp()
            let received = try await withTaskCancellationHandler {
                try await response.value
            } onCancel: {
                // At the time limit: the connection closes, so the test ends and fails.
                connection.close(because: CancellationError())
            }
            #expect(received.head.status == 200)
            #expect(sink.bytes == Data(body))
            connection.close(because: CancellationError())
            loop.stop()
            await loop.waitUntilStopped()
        }
    }
#endif
