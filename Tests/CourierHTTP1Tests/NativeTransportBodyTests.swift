#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The native transport's redirects, request and response bodies, and many calls at once,
    /// against the scripted loopback server.
    @Suite("Native HTTP/1.1 transport: redirects, bodies, calls at once", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeTransportBodyTests {
        private typealias Server = NativeTestServer

        @Test("a cross-origin redirect drops credentials; a same-origin one keeps them")
        func redirectCredentials() async throws {
            let target = try Server { _ in .send(Server.response(body: "landed")) }
            defer { target.stop() }
            let destination = target.url.appendingPathComponent("landing").absoluteString
            let origin = try Server { request in
                request.target == "/cross"
                    ? .send(Server.response(status: 302, headers: ["Location": destination]))
                    : request.target == "/same"
                        ? .send(Server.response(status: 301, headers: ["Location": "/here"]))
                        : .send(Server.response(body: "here"))
            }
            defer { origin.stop() }
            let transport = CallChain(transport: HTTP1Transport())
            var request = origin.get("/cross")
            request.urlRequest.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            request.urlRequest.setValue("session=1", forHTTPHeaderField: "Cookie")
            request.urlRequest.setValue("key", forHTTPHeaderField: "X-Api-Key")
            request.urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
            let crossed = try await transport.send(request)
            #expect(String(decoding: crossed.data, as: UTF8.self) == "landed")
            #expect(crossed.response.url?.absoluteString == destination)
            let landed = try #require(target.requests.first)
            #expect(landed.headers["authorization"] == nil)
            #expect(landed.headers["cookie"] == nil)
            #expect(landed.headers["x-api-key"] == nil)
            #expect(landed.headers["accept"] == "application/json")

            request.urlRequest.url = origin.url.appendingPathComponent("same")
            let same = try await transport.send(request)
            #expect(String(decoding: same.data, as: UTF8.self) == "here")
            #expect(origin.requests.last?.headers["authorization"] == "Bearer secret")
        }

        @Test("307 keeps the method and body; 303 continues with a bodiless GET")
        func redirectMethods() async throws {
            let server = try Server { request in
                switch request.target {
                case "/307": .send(Server.response(status: 307, headers: ["Location": "/echo"]))
                case "/303": .send(Server.response(status: 303, headers: ["Location": "/echo"]))
                default:
                    .send(Server.response(body: "\(request.method) \(String(decoding: request.body, as: UTF8.self))"))
                }
            }
            defer { server.stop() }
            let transport = CallChain(transport: HTTP1Transport())
            let kept = try await transport.send(server.post("/307", body: "payload"))
            #expect(String(decoding: kept.data, as: UTF8.self) == "POST payload")
            let changed = try await transport.send(server.post("/303", body: "payload"))
            #expect(String(decoding: changed.data, as: UTF8.self) == "GET ")
        }

        @Test("followsRedirects false returns the 3xx; endless redirects fail")
        func redirectLimits() async throws {
            let server = try Server { _ in .send(Server.response(status: 302, headers: ["Location": "/again"])) }
            defer { server.stop() }
            let answer = try await CallChain(transport: HTTP1Transport(options: .init(followsRedirects: false))).send(
                server.get())
            #expect(answer.response.statusCode == 302)
            do {
                _ = try await CallChain(transport: HTTP1Transport(options: .init(maximumRedirects: 3))).send(
                    server.get())
                Issue.record("expected a failure")
            } catch let error as URLError {
                #expect(error.code == .httpTooManyRedirects)
            }
            #expect(server.requests.count == 5)
        }

        @Test("a file upload is streamed whole, with progress up to its size")
        func fileUpload() async throws {
            let server = try Server { request in
                .send(Server.response(body: "\(request.body.count) \(request.body.last ?? 0)"))
            }
            defer { server.stop() }
            let size = 3 * 1024 * 1024 + 17
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "native-upload-\(UUID().uuidString)")
            try Data((0..<size).map { UInt8($0 % 251) }).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let reported = LockedState<[TransferProgress]>([])
            var request = URLRequest(url: server.url.appendingPathComponent("upload"))
            request.httpMethod = "PUT"
            let transportRequest = TransportRequest(urlRequest: request, kind: .upload(.file(file))) { progress in
                reported.withLock { $0.append(progress) }
            }
            let answer = try await HTTP1Transport().send(transportRequest)
            #expect(String(decoding: answer.data, as: UTF8.self) == "\(size) \((size - 1) % 251)")
            let values = reported.withLock { $0 }
            #expect(values.last == TransferProgress(completedUnitCount: Int64(size), totalUnitCount: Int64(size)))
            #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedUnitCount <= $1.completedUnitCount })
            #expect(server.requests.first?.headers["content-length"] == "\(size)")
        }

        @Test("a download goes to a temporary file, with progress")
        func download() async throws {
            let body = (0..<300_000).map { UInt8($0 % 251) }
            let server = try Server { _ in .send(Server.response(body: body)) }
            defer { server.stop() }
            let reported = LockedState<[TransferProgress]>([])
            let request = TransportRequest(urlRequest: URLRequest(url: server.url), kind: .download) { progress in
                reported.withLock { $0.append(progress) }
            }
            let answer = try await HTTP1Transport().send(request)
            let file = try #require(answer.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(answer.data.isEmpty)
            #expect(try Data(contentsOf: file) == Data(body))
            #expect(reported.withLock { $0.last?.completedUnitCount } == Int64(body.count))
            #expect(reported.withLock { $0.last?.totalUnitCount } == Int64(body.count))
        }

        @Test("an upload from memory carries its bytes; an empty POST carries Content-Length: 0")
        func dataUpload() async throws {
            let server = try Server { request in .send(Server.response(body: "\(request.body.count)")) }
            defer { server.stop() }
            let transport = HTTP1Transport()
            var request = URLRequest(url: server.url)
            request.httpMethod = "POST"
            let large = Data(repeating: 9, count: 200_000)
            let answer = try await transport.send(TransportRequest(urlRequest: request, kind: .upload(.data(large))))
            #expect(String(decoding: answer.data, as: UTF8.self) == "200000")
            _ = try await transport.send(TransportRequest(urlRequest: request))
            #expect(server.requests.last?.headers["content-length"] == "0")
        }

        @Test("many concurrent calls on a few connections all get their own answer")
        func concurrentCalls() async throws {
            let server = try Server { request in .send(Server.response(body: request.target)) }
            defer { server.stop() }
            let transport = HTTP1Transport(options: .init(maximumConnectionsPerHost: 4))
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    let request = server.get("/call/\(index)")
                    group.addTask {
                        let answer = try await transport.send(request)
                        return String(decoding: answer.data, as: UTF8.self) == "/call/\(index)"
                    }
                }
                var results: [Bool] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(results.count == 200)
            #expect(results.allSatisfy { $0 })
            #expect(server.acceptedConnections <= 4)
        }

        @Test("no more connections than maximumConnectionsPerHost; the others wait their turn")
        func perHostMaximum() async throws {
            let server = try Server { _ in
                usleep(20_000)
                return .send(Server.response(body: "ok"))
            }
            defer { server.stop() }
            let transport = HTTP1Transport(options: .init(maximumConnectionsPerHost: 2))
            let request = server.get()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await transport.send(request).response.statusCode } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses == Array(repeating: 200, count: 10))
            #expect(server.mostOpenAtOnce <= 2)
            #expect(server.acceptedConnections <= 2)
        }
    }

    @Suite("Routing between the native and URLSession transports")
    struct RoutingTransportTests {
        private func route(_ url: String, configure: (inout URLRequest) -> Void = { _ in }) throws
            -> RoutingTransport.Route
        {
            var request = URLRequest(url: try #require(URL(string: url)))
            configure(&request)
            return RoutingTransport().route(for: TransportRequest(urlRequest: request))
        }

        @Test(
            "http and https go native (https when OpenSSL loads), gzip too; credentials in the URL, streams and br go to URLSession"
        )
        func routes() throws {
            let native: RoutingTransport.Route = HTTP1Transport.isAvailable ? .native : .urlSession
            #expect(try route("http://127.0.0.1:8080/a") == native)
            #expect(
                try route("http://localhost/a") { $0.setValue("identity", forHTTPHeaderField: "Accept-Encoding") }
                    == native)
            let secure: RoutingTransport.Route = (try? OpenSSLLibrary.system.get()) != nil ? native : .urlSession
            #expect(try route("https://example.com/a") == secure)
            #expect(try route("https://[::1]:8443/a") == secure)
            #expect(try route("http://user:pass@example.com/a") == .urlSession)
            #expect(
                try route("http://example.com/a") { $0.httpBodyStream = InputStream(data: Data("x".utf8)) }
                    == .urlSession)
            let decodes: RoutingTransport.Route = ContentDecoder.isAvailable ? native : .urlSession
            #expect(
                try route("http://example.com/a") { $0.setValue("gzip", forHTTPHeaderField: "Accept-Encoding") }
                    == decodes)
            #expect(
                try route("http://example.com/a") { $0.setValue("br", forHTTPHeaderField: "Accept-Encoding") }
                    == .urlSession)
            #expect(
                try route("http://example.com/a") { $0.setValue("*", forHTTPHeaderField: "Accept-Encoding") }
                    == .urlSession)
        }
    }
#endif
