#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What the native transport measures of each exchange (``TransportResponse/timings``).
    @Suite("Native HTTP/1.1 transport: timings", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeTimingsTests {
        private typealias Server = NativeTestServer

        private func get(_ server: Server, _ path: String) -> TransportRequest {
            TransportRequest(urlRequest: URLRequest(url: server.url.appendingPathComponent(path)))
        }

        @Test("a new connection has a connecting phase, a reused one none; every phase within the total")
        func connectingOnlyWhenConnected() async throws {
            let server = try Server { _ in .send(Server.response(body: "ok")) }
            defer { server.stop() }
            let transport = HTTP1Transport()

            let first = try #require(try await transport.send(get(server, "/one")).timings)
            let connecting = try #require(first.connecting)
            let waiting = try #require(first.waitingForConnection)
            let firstByte = try #require(first.firstByte)
            let total = try #require(first.total)
            #expect(connecting > .zero && connecting <= waiting)
            #expect(waiting <= firstByte && firstByte <= total)

            let second = try #require(try await transport.send(get(server, "/two")).timings)
            #expect(server.acceptedConnections == 1)
            #expect(second.connecting == nil)
            let reusedFirstByte = try #require(second.firstByte)
            let reusedTotal = try #require(second.total)
            #expect(try #require(second.waitingForConnection) <= reusedFirstByte)
            #expect(reusedFirstByte <= reusedTotal)
        }

        @Test("across a redirect, the connection phases add up and the total covers both hops")
        func redirectsAddUp() async throws {
            let server = try Server { request in
                request.target == "/from"
                    ? .send(Server.response(status: 302, headers: ["Location": "/to"]))
                    : .send(Server.response(body: "there"))
            }
            defer { server.stop() }
            let answer = try await CallChain(transport: HTTP1Transport()).send(get(server, "/from"))
            #expect(String(decoding: answer.data, as: UTF8.self) == "there")
            #expect(server.acceptedConnections == 1)
            let timings = try #require(answer.timings)
            // The second hop reused the connection; the first hop's connecting still counts.
            #expect(try #require(timings.connecting) > .zero)
            let firstByte = try #require(timings.firstByte)
            let total = try #require(timings.total)
            #expect(firstByte <= total)
        }

        @Test("a plugin reads the native transport's timings in didReceive")
        func pluginSeesThem() async throws {
            let server = try Server { _ in .send(Server.response(body: "ok")) }
            defer { server.stop() }
            let seen = LockedState<[CallTimings?]>([])
            let provider = Provider<TimedTarget>(
                transport: HTTP1Transport(), plugins: [TimingsTap(seen: seen)])
            _ = try await provider.request(TimedTarget(baseURL: server.url))
            let timings = try #require(seen.withLock { $0 }.first ?? nil)
            #expect(timings.connecting != nil && timings.total != nil)
        }
    }

    private struct TimedTarget: TargetType {
        var baseURL: URL
        var path: String { "/timed" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var headers: [String: String]? { nil }
    }

    private struct TimingsTap: PluginType {
        let seen: LockedState<[CallTimings?]>

        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            let timings = CallContext.current?.timings
            seen.withLock { $0.append(timings) }
        }
    }
#endif
