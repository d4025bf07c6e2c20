#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The chain's content decoding over the native transport against httpbin: `gzip` and `deflate`
    /// decoded on both routes, the transport alone handing them over as sent, and which requests
    /// `RoutingTransport` keeps native.
    @Suite("Native transport: content coding (httpbin)", .requiresHttpbin, .enabled(if: HTTP1Transport.isAvailable))
    struct NativeContentCodingLiveTests {
        private func request(_ base: URL, _ path: String) -> URLRequest {
            var request = URLRequest(url: base.appendingPathComponent(path))
            request.timeoutInterval = 10 * LiveTiming.scale
            return request
        }

        @Test(
            "gzip and deflate answers are decoded by the chain, routed natively too; with decoding off they come as sent"
        )
        func compressedAnswers() async throws {
            let base = try LiveServers.url(for: .httpbin)
            for (path, flag) in [("gzip", "gzipped"), ("deflate", "deflated")] {
                let compressed = TransportRequest(urlRequest: request(base, path))
                for sender in [HTTP1Transport(), RoutingTransport()] as [any Transport] {
                    let answer = try await CallChain(transport: sender).send(compressed)
                    let json = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
                    #expect(json?[flag] as? Bool == true, "\(path) through \(type(of: sender))")
                    #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == nil)
                    let headers = json?["headers"] as? [String: String]
                    #expect(headers?["Accept-Encoding"] == "gzip, deflate")
                }
            }
            let asSent = CallChain(transport: HTTP1Transport(options: .init(decodesContent: false)))
            let raw = try await asSent.send(TransportRequest(urlRequest: request(base, "gzip")))
            #expect(raw.data.prefix(2) == Data([0x1F, 0x8B]))
            #expect(raw.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        }

        @Test("the native transport alone hands a gzip answer over as the server sent it")
        func transportAloneDoesNotDecode() async throws {
            var gzip = request(try LiveServers.url(for: .httpbin), "gzip")
            gzip.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
            let answer = try await HTTP1Transport().send(TransportRequest(urlRequest: gzip))
            #expect(answer.data.prefix(2) == Data([0x1F, 0x8B]))
            #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        }

        @Test("a request naming br goes through URLSession; gzip alone stays native")
        func routesByAcceptEncoding() throws {
            var brotli = request(try LiveServers.url(for: .httpbin), "get")
            brotli.setValue("br, gzip", forHTTPHeaderField: "Accept-Encoding")
            #expect(RoutingTransport().route(for: TransportRequest(urlRequest: brotli)) == .urlSession)
            var gzip = brotli
            gzip.setValue("gzip;q=1.0, identity;q=0.5", forHTTPHeaderField: "Accept-Encoding")
            #expect(RoutingTransport().route(for: TransportRequest(urlRequest: gzip)) == .native)
            let undecoding = RoutingTransport(nativeOptions: .init(decodesContent: false))
            #expect(undecoding.route(for: TransportRequest(urlRequest: gzip)) == .urlSession)
        }
    }
#endif
