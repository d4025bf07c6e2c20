#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One call to a live server, for the native transport's live tests.
    private struct NativeLiveTarget: TargetType, TimeoutConfigurable {
        var baseURL: URL
        var path: String
        var method: HTTPMethod = .get
        var task: RequestTask = .requestPlain
        var headers: [String: String]?
        var validationType: ValidationType = .none
        var timeout: TimeInterval? = LiveTiming.longBeforeTheDefault
    }

    /// Sends `request` and returns the error it failed with, or records an issue when it succeeded.
    private func failure(of request: TransportRequest, over transport: any Transport) async -> (any Error)? {
        do {
            let answer = try await transport.send(request)
            Issue.record("expected a failure, got HTTP \(answer.response.statusCode) with \(answer.data.count) bytes")
            return nil
        } catch {
            return error
        }
    }

    private func request(_ base: URL, _ path: String, timeout: TimeInterval = 10) -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.timeoutInterval = timeout
        return request
    }

    /// The native HTTP/1.1 transport against httpbin: methods, bodies, redirects, framing, routing.
    @Suite("Native transport (httpbin)", .requiresHttpbin, .enabled(if: HTTP1Transport.isAvailable))
    struct NativeTransportHttpbinLiveTests {
        private let transport = HTTP1Transport()

        private func echo(_ answer: TransportResponse) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: answer.data) as? [String: Any])
        }

        @Test("a GET with a query and headers, echoed")
        func get() async throws {
            var urlRequest = request(try LiveServers.url(for: .httpbin), "get")
            urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?name=caf%C3%A9&n=1")
            urlRequest.setValue("value-1", forHTTPHeaderField: "X-Custom")
            let answer = try await transport.send(TransportRequest(urlRequest: urlRequest))
            #expect(answer.response.statusCode == 200)
            let body = try echo(answer)
            #expect(body["args"] as? [String: String] == ["name": "café", "n": "1"])
            let headers = try #require(body["headers"] as? [String: String])
            #expect(headers["X-Custom"] == "value-1")
            #expect(headers["User-Agent"] == "Courier")
            #expect(headers["Accept"] == "*/*")
        }

        @Test("a JSON POST through a provider, decoded")
        func postThroughProvider() async throws {
            struct Echo: Decodable { let json: [String: String] }
            let provider = Provider<NativeLiveTarget>(transport: transport)
            let target = NativeLiveTarget(
                baseURL: try LiveServers.url(for: .httpbin), path: "post", method: .post,
                task: .requestJSONEncodable(["order": "A-1"]))
            let echo = try await provider.request(target, as: Echo.self)
            #expect(echo.json == ["order": "A-1"])
        }

        @Test("statuses without a body, and HEAD")
        func bodilessAnswers() async throws {
            let base = try LiveServers.url(for: .httpbin)
            let teapot = try await transport.send(TransportRequest(urlRequest: request(base, "status/418")))
            #expect(teapot.response.statusCode == 418)
            let empty = try await transport.send(TransportRequest(urlRequest: request(base, "status/204")))
            #expect(empty.response.statusCode == 204)
            #expect(empty.data.isEmpty)
            var head = request(base, "get")
            head.httpMethod = "HEAD"
            let answer = try await transport.send(TransportRequest(urlRequest: head))
            #expect(answer.response.statusCode == 200)
            #expect(answer.data.isEmpty)
            #expect(answer.response.expectedContentLength > 0)
        }

        @Test("relative and absolute redirects are followed to the end")
        func redirects() async throws {
            let base = try LiveServers.url(for: .httpbin)
            for path in ["redirect/3", "absolute-redirect/2", "relative-redirect/2"] {
                let answer = try await CallChain(transport: transport).send(
                    TransportRequest(urlRequest: request(base, path)))
                #expect(answer.response.statusCode == 200, "\(path)")
                #expect(answer.response.url?.path == "/get", "\(path)")
            }
        }

        @Test("a redirect to another origin drops Authorization; to the same origin keeps it", arguments: [302, 307])
        func redirectCredentials(status: Int) async throws {
            let base = try LiveServers.url(for: .httpbin)
            var components = try #require(URLComponents(url: base, resolvingAgainstBaseURL: false))
            components.host = components.host == "localhost" ? "127.0.0.1" : "localhost"
            let other = try #require(components.url).appendingPathComponent("headers").absoluteString
            for (destination, keeps) in [(other, false), ("/headers", true)] {
                var urlRequest = request(base, "redirect-to")
                var query = try #require(
                    URLComponents(url: base.appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false))
                query.queryItems = [
                    URLQueryItem(name: "url", value: destination),
                    URLQueryItem(name: "status_code", value: "\(status)"),
                ]
                urlRequest.url = query.url
                urlRequest.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
                urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
                let headers = try #require(
                    try echo(try await CallChain(transport: transport).send(TransportRequest(urlRequest: urlRequest)))[
                        "headers"]
                        as? [String: String])
                #expect((headers["Authorization"] == "Bearer secret") == keeps, "to \(destination)")
                #expect(headers["Accept"] == "application/json")
            }
        }

        @Test("a chunked stream is read whole")
        func chunkedStream() async throws {
            let answer = try await transport.send(
                TransportRequest(urlRequest: request(try LiveServers.url(for: .httpbin), "stream/20")))
            let lines = String(decoding: answer.data, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 20)
        }

        @Test("a download lands in a temporary file, with its progress")
        func download() async throws {
            let (progress, reports) = AsyncStream.makeStream(of: Int64.self)
            let transportRequest = TransportRequest(
                urlRequest: request(try LiveServers.url(for: .httpbin), "bytes/100000"), kind: .download
            ) { value in reports.yield(value.completedUnitCount) }
            let answer = try await transport.send(transportRequest)
            reports.finish()
            let file = try #require(answer.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try Data(contentsOf: file).count == 100_000)
            var last: Int64 = 0
            for await value in progress { last = value }
            #expect(last == 100_000)
        }

        // httpbin answers after 5 s: a call that ends as a timeout was ended by its 1 s limit.
        @Test("silence longer than timeoutInterval ends the call")
        func idleTimeout() async throws {
            let error = await failure(
                of: TransportRequest(urlRequest: request(try LiveServers.url(for: .httpbin), "delay/5", timeout: 1)),
                over: transport)
            #expect((error as? URLError)?.code == .timedOut)
        }

        @Test("repeated response headers are joined")
        func repeatedHeaders() async throws {
            var urlRequest = request(try LiveServers.url(for: .httpbin), "response-headers")
            urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?X-Multi=a&X-Multi=b")
            let answer = try await transport.send(TransportRequest(urlRequest: urlRequest))
            #expect(answer.response.value(forHTTPHeaderField: "X-Multi") == "a, b")
        }
    }

    /// The native transport against the scenario server's faults, redirects and downloads.
    @Suite("Native transport (scenario server)", .requiresScenarioServer, .enabled(if: HTTP1Transport.isAvailable))
    struct NativeTransportScenarioLiveTests {
        private let transport = HTTP1Transport()

        private func base() throws -> URL { try LiveServers.url(for: .scenario) }

        @Test("a body cut short, and a connection closed without an answer, are URLError.networkConnectionLost")
        func connectionLost() async throws {
            for path in ["fault/truncated", "fault/close", "download/fail"] {
                let error = await failure(of: TransportRequest(urlRequest: request(try base(), path)), over: transport)
                #expect((error as? URLError)?.code == .networkConnectionLost, "\(path): \(String(describing: error))")
            }
        }

        @Test("bytes that are not HTTP are an HTTPParseError, as a CourierError through a provider")
        func garbage() async throws {
            let error = await failure(
                of: TransportRequest(urlRequest: request(try base(), "fault/garbage")), over: transport)
            #expect(error is HTTPParseError)
            let provider = Provider<NativeLiveTarget>(transport: transport)
            do {
                _ = try await provider.request(NativeLiveTarget(baseURL: try base(), path: "fault/garbage"))
                Issue.record("expected a failure")
            } catch let error as CourierError {
                guard case .underlying(let underlying, _) = error else {
                    Issue.record("expected .underlying, got \(error)")
                    return
                }
                #expect(underlying is HTTPParseError)
            }
        }

        @Test("a server that never answers ends with the idle timeout; a trickled body with the provider's deadline")
        func timeouts() async throws {
            // The hang lasts 60 s and then closes the connection: a timeout is the 1 s limit at work.
            let hang = await failure(
                of: TransportRequest(urlRequest: request(try base(), "fault/hang", timeout: 1)), over: transport)
            #expect((hang as? URLError)?.code == .timedOut)

            let provider = Provider<NativeLiveTarget>(transport: transport)
            var slow = NativeLiveTarget(baseURL: try base(), path: "fault/slow-body", timeout: 1)
            // The whole body takes 6 s and the pieces come well within the idle timeout: only the
            // 1 s deadline over the whole call can end it as a timeout.
            slow.task = .requestParameters(parameters: ["seconds": 6], encoding: URLEncoding.queryString)
            do {
                _ = try await provider.request(slow)
                Issue.record("expected a timeout")
            } catch let error as CourierError {
                #expect(error.isTimeout, "\(error)")
            }
        }

        @Test("a 100 MB body stops at maximumResponseSize")
        func oversized() async throws {
            var urlRequest = request(try base(), "fault/big", timeout: 30)
            urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?mb=100")
            let limited = HTTP1Transport(options: .init(maximumResponseSize: 5 * 1024 * 1024))
            let error = await failure(of: TransportRequest(urlRequest: urlRequest), over: limited)
            #expect(error as? TransportError == .responseTooLarge(limit: 5 * 1024 * 1024))
        }

        @Test("a cross-host 307 keeps the POST body and drops Authorization")
        func crossHostRedirect() async throws {
            var urlRequest = request(try base(), "redirect/cross-host")
            urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?status=307")
            urlRequest.httpMethod = "POST"
            urlRequest.httpBody = Data("order=A-1".utf8)
            urlRequest.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            let answer = try await CallChain(transport: transport).send(TransportRequest(urlRequest: urlRequest))
            let echo = try #require(try JSONSerialization.jsonObject(with: answer.data) as? [String: Any])
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(echo["method"] as? String == "POST")
            #expect(echo["body"] as? String == "order=A-1")
            #expect(headers.keys.contains { $0.lowercased() == "authorization" } == false)
            #expect(answer.response.url?.host == "localhost")
        }

        @Test("a file download has the server's bytes")
        func downloadFile() async throws {
            var urlRequest = request(try base(), "download/file")
            urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?kb=256")
            let answer = try await transport.send(TransportRequest(urlRequest: urlRequest, kind: .download))
            let file = try #require(answer.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            let bytes = try Data(contentsOf: file)
            #expect(bytes.count == 256 * 1024)
            #expect(bytes.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
        }

        @Test("300 concurrent calls through a provider all succeed")
        func concurrentCalls() async throws {
            let provider = Provider<NativeLiveTarget>(transport: RoutingTransport())
            let target = NativeLiveTarget(
                baseURL: try base(), path: "health", validationType: .successCodes, timeout: 30)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<300 { group.addTask { try await provider.request(target).statusCode } }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses.count == 300)
            #expect(statuses.allSatisfy { $0 == 200 })
        }

        @Test("a 503 keeps its body through validation")
        func serverError() async throws {
            var target = NativeLiveTarget(baseURL: try base(), path: "fault/status", validationType: .successCodes)
            target.task = .requestParameters(parameters: ["code": 503], encoding: URLEncoding.queryString)
            do {
                _ = try await Provider<NativeLiveTarget>(transport: transport).request(target)
                Issue.record("expected a failure")
            } catch CourierError.statusCode(let response) {
                #expect(response.statusCode == 503)
                #expect(String(decoding: response.data, as: UTF8.self).contains("503"))
            }
        }
    }
#endif
