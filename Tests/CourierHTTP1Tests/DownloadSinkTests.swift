#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// A download's file writer: on a queue of its own, with back-pressure, failures reported.
    @Suite("Download sink")
    struct DownloadSinkTests {
        @Test("past the high-water mark it says stop; once the disk catches up it says go on, and every byte lands")
        func backPressure() async throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let (reader, writer) = (fds[0], fds[1])
            defer { close(reader) }
            let sink = DownloadSink(fd: writer)
            let (drained, signal) = AsyncStream.makeStream(of: Void.self)
            sink.whenDrained { signal.yield() }
            // The pipe fills at once and nobody reads it yet: the queue's writes stall, as on a slow disk.
            let piece = Data(repeating: 7, count: 64 * 1024)
            var stopped = false
            var queued = 0
            while !stopped, queued < 2 * DownloadSink.highWater {
                stopped = sink.enqueue(piece)
                queued += piece.count
            }
            #expect(stopped)
            #expect(queued > DownloadSink.highWater)
            let total = queued
            let read = Task.detached { () -> Int in
                var count = 0
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while count < total {
                    let got = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
                    guard got > 0 else { break }
                    count += got
                }
                return count
            }
            var iterator = drained.makeAsyncIterator()
            _ = await iterator.next()
            try await sink.finish()
            #expect(await read.value == total)
            close(writer)
        }

        @Test("a write that fails is reported once, with its errno, and by finish")
        func failure() async throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-sink-\(UUID())").path
            let fd = open(path, O_RDONLY | O_CREAT, 0o600)
            defer {
                close(fd)
                unlink(path)
            }
            let sink = DownloadSink(fd: fd)
            let (failures, signal) = AsyncStream.makeStream(of: Int32.self)
            sink.whenFailed { signal.yield($0) }
            _ = sink.enqueue(Data("abc".utf8))
            _ = sink.enqueue(Data("def".utf8))
            var iterator = failures.makeAsyncIterator()
            #expect(await iterator.next() == EBADF)
            await #expect(throws: ConnectionFailure.fileWriteFailed(EBADF)) { try await sink.finish() }
        }
    }
#endif
