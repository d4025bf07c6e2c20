#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// A response cut without TLS's `close_notify` before its framing said it ended may have been
    /// cut by an attacker: ``TLSError/truncatedResponse``. A cut after the framing ended, or an end
    /// with `close_notify`, is a complete answer.
    @Suite(
        "TLS truncation", .requiresTLSServers(.tlsTruncate), .enabled(if: HTTP1Transport.isAvailable))
    struct TLSTruncationLiveTests {
        @Test(
            "cut without close_notify before the framing ended: truncatedResponse",
            arguments: ["/truncate/close-framed", "/truncate/short"])
        func truncated(_ path: String) async throws {
            let transport = try TLSLive.sharedTransport()
            let error = try #require(await TLSLive.tlsError(of: try TLSLive.url(.tlsTruncate, path), over: transport))
            #expect(error == .truncatedResponse)
        }

        @Test("a body framed by the connection's end, then close_notify: 200 with the whole body")
        func closeNotify() async throws {
            let transport = try TLSLive.sharedTransport()
            let answer = try await TLSLive.get(try TLSLive.url(.tlsTruncate, "/truncate/close-notify"), over: transport)
            #expect(answer.response.statusCode == 200)
            #expect(answer.data == TLSLive.truncateBody)
        }

        @Test("a Content-Length body complete, then a cut without close_notify: 200 with the whole body")
        func cutAfterTheFraming() async throws {
            let transport = try TLSLive.sharedTransport()
            let url = try TLSLive.url(.tlsTruncate, "/truncate/framed-then-cut")
            let answer = try await TLSLive.get(url, over: transport)
            #expect(answer.response.statusCode == 200)
            #expect(answer.data == TLSLive.truncateBody)
        }

        @Test("through a provider: CourierError.underlying(truncatedResponse, nil), and close_notify passes")
        func throughProvider() async throws {
            let provider = Provider<TLSTarget>(transport: try TLSLive.sharedRouting())
            let cut = try TLSTarget(.tlsTruncate, "/truncate/close-framed")
            #expect(await TLSLive.tlsError(of: cut, through: provider) == .truncatedResponse)
            let whole = try await provider.request(try TLSTarget(.tlsTruncate, "/truncate/close-notify"))
            #expect(whole.statusCode == 200)
            #expect(whole.data == TLSLive.truncateBody)
        }
    }
#endif
