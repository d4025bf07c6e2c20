#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// A stream read over TLS by a consumer slower than the network: the transport pauses reading
    /// when its buffer is full and resumes as the consumer catches up. Over TLS the bytes received
    /// but not yet read may wait inside the TLS layer, where the socket's readiness never shows
    /// them: resuming must read them first, or the stream stalls with its body already in memory.
    @Suite("TLS streaming", .requiresTLSServers(.tlsValid), .enabled(if: HTTP1Transport.isAvailable))
    struct TLSStreamingLiveTests {
        private struct Numbered: Decodable, Sendable {
            let n: Int
        }

        @Test("a body that arrived whole reaches a slow consumer whole, through many pauses")
        func slowConsumerOfABodyAlreadyReceived() async throws {
            let provider = Provider<TLSTarget>(transport: RoutingTransport(nativeOptions: try TLSLive.options()))
            var target = try TLSTarget(.tlsValid, "/lines")
            target.task = .requestParameters(parameters: ["n": 600], encoding: URLEncoding.queryString)
            // The server keeps the connection open after the body: nothing on the socket can wake
            // a stalled read before the idle limit ends the stream, so the limit is what catches
            // the stall. It is far longer than any silence of a loaded machine (the TLS server
            // serves the whole suite's TLS calls, a Python thread each): a stream that passes never
            // waits for it. When the head comes is another matter (StreamIdleLimitTests).
            let options = StreamOptions(idleTimeout: LiveTiming.longBeforeTheDefault, bufferLimit: 256)
            var next = 0
            for try await line in provider.lines(target, as: Numbered.self, options: options) {
                #expect(line.n == next)
                if line.n != next { break }
                next += 1
                for _ in 0..<50 { await Task.yield() }
            }
            #expect(next == 600)
        }
    }
#endif
