#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// One owner per socket: work handed to an event loop runs on its thread, in order, and a
    /// socket call off that thread stops a debug build (so every test of the native transport,
    /// TSan runs included, checks the rule on every path it takes).
    @Suite("Event loop: one thread owns each socket", .enabled(if: EventLoop.isSupported))
    struct LoopOwnershipTests {
        /// A started loop, for one test.
        private static func startedLoop() async throws -> EventLoop {
            let loop = try #require(EventLoop(name: "courier-owner"))
            await loop.waitUntilStarted()
            return loop
        }

        private static func stop(_ loop: EventLoop) async {
            loop.stop()
            await loop.waitUntilStopped()
        }

        @Test("work submitted from a task runs on the loop's thread, in the order submitted")
        func submittedWorkRunsOnTheLoopInOrder() async throws {
            let loop = try await Self.startedLoop()
            #expect(!loop.isOnLoopThread)
            let seen = LockedState<[(Int, Bool)]>([])
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                for index in 0..<200 {
                    loop.execute {
                        seen.withLock { $0.append((index, loop.isOnLoopThread)) }
                        if index == 199 { done.resume() }
                    }
                }
            }
            let runs = seen.withLock { $0 }
            #expect(runs.map(\.0) == Array(0..<200))
            let allOnTheLoop = runs.allSatisfy { $0.1 }
            #expect(allOnTheLoop)
            await Self.stop(loop)
        }

        @Test("work submitted on the loop's own thread runs at once, before the submitter goes on")
        func workOnTheLoopRunsInline() async throws {
            let loop = try await Self.startedLoop()
            let order = LockedState<[String]>([])
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                loop.execute {
                    order.withLock { $0.append("outer") }
                    loop.execute { order.withLock { $0.append("inner") } }
                    order.withLock { $0.append("after") }
                    done.resume()
                }
            }
            #expect(order.withLock { $0 } == ["outer", "inner", "after"])
            await Self.stop(loop)
        }

        @Test("once the loop's thread ended, work runs on its caller's: nothing is left undone")
        func workAfterStopRunsOnTheCaller() async throws {
            let loop = try await Self.startedLoop()
            await Self.stop(loop)
            let ran = LockedState(false)
            loop.execute { ran.withLock { $0 = true } }
            #expect(ran.withLock { $0 })
        }

        @Test("a connection's socket, used on its loop's thread, passes the owner check")
        func socketOnTheLoopPassesTheCheck() async throws {
            let loop = try await Self.startedLoop()
            let socket = ConnectionSocket(loop: loop)
            let open = await withCheckedContinuation { continuation in
                loop.execute { continuation.resume(returning: socket.isOpen) }
            }
            #expect(!open)
            await Self.stop(loop)
        }

        #if DEBUG
            @Test("a connection's socket used off its loop's thread stops a debug build")
            func socketOffTheLoopStops() async {
                await #expect(processExitsWith: .failure) {
                    guard let loop = EventLoop(name: "courier-owner") else { return }
                    await loop.waitUntilStarted()
                    _ = ConnectionSocket(loop: loop).isOpen
                }
            }
        #endif
    }
#endif
