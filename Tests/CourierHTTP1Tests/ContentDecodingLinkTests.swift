#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierTransport

    /// The chain's one content-decoding link, over a transport that hands bodies over as a server
    /// sent them: what it asks for, what it decodes, and the limits it holds decoded bytes to.
    @Suite("Content decoding: the chain's link", .enabled(if: ContentDecoder.isAvailable))
    struct ContentDecodingLinkTests {
        private static let url = URL(string: "http://example.com/goods")!
        private static let rule = ContentDecodingRule(maximumResponseSize: 256 * 1024, maximumDownloadSize: 256 * 1024)

        @Test("the link asks for gzip and deflate when the request names no coding, and keeps a request's own")
        func asksForCodings() async throws {
            let transport = EncodedTransport(body: CompressedFixtures.text, rule: Self.rule)
            _ = try await CallChain(transport: transport).send(TransportRequest(urlRequest: URLRequest(url: Self.url)))
            var own = URLRequest(url: Self.url)
            own.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            _ = try await CallChain(transport: transport).send(TransportRequest(urlRequest: own))
            let none = EncodedTransport(body: CompressedFixtures.text, rule: nil)
            _ = try await CallChain(transport: none).send(TransportRequest(urlRequest: URLRequest(url: Self.url)))
            #expect(transport.acceptEncodings == ["gzip, deflate", "identity"])
            #expect(none.acceptEncodings == [nil])
        }

        @Test("a gzip answer comes up decoded, without the headers that described the encoded body")
        func decodesData() async throws {
            let transport = EncodedTransport(body: CompressedFixtures.gzip, encoding: "gzip", rule: Self.rule)
            let answer = try await CallChain(transport: transport).send(
                TransportRequest(urlRequest: URLRequest(url: Self.url)))
            #expect(answer.data == CompressedFixtures.text)
            #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == nil)
            #expect(answer.value(forHTTPHeaderField: "Content-Length") == nil)
            #expect(answer.value(forHTTPHeaderField: "Content-Type") == "application/json")
        }

        @Test("without a rule, or in a coding it does not decode, the body comes up as it was sent")
        func leavesAsSent() async throws {
            let request = TransportRequest(urlRequest: URLRequest(url: Self.url))
            let off = EncodedTransport(body: CompressedFixtures.gzip, encoding: "gzip", rule: nil)
            let kept = try await CallChain(transport: off).send(request)
            #expect(kept.data == CompressedFixtures.gzip)
            #expect(kept.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
            let brotli = EncodedTransport(body: Data("br bytes".utf8), encoding: "br", rule: Self.rule)
            let other = try await CallChain(transport: brotli).send(request)
            #expect(other.data == Data("br bytes".utf8))
            #expect(other.value(forHTTPHeaderField: "Content-Encoding") == "br")
        }

        @Test("a bomb fails at the limit counted on decoded bytes")
        func stopsBomb() async throws {
            let transport = EncodedTransport(body: CompressedFixtures.bomb, encoding: "gzip", rule: Self.rule)
            await #expect(throws: TransportError.responseTooLarge(limit: 256 * 1024)) {
                try await CallChain(transport: transport).send(TransportRequest(urlRequest: URLRequest(url: Self.url)))
            }
        }

        @Test("the compressed and the decoded bytes count together against the limit: both are held at once")
        func limitCountsBoth() async throws {
            let request = TransportRequest(urlRequest: URLRequest(url: Self.url))
            let both = Int64(CompressedFixtures.gzip.count + CompressedFixtures.text.count)
            for (limit, fits) in [(both, true), (both - 1, false)] {
                let rule = ContentDecodingRule(maximumResponseSize: limit, maximumDownloadSize: nil)
                let transport = EncodedTransport(body: CompressedFixtures.gzip, encoding: "gzip", rule: rule)
                let chain = CallChain(transport: transport)
                if fits {
                    #expect(try await chain.send(request).data == CompressedFixtures.text)
                } else {
                    await #expect(throws: TransportError.responseTooLarge(limit: limit)) {
                        try await chain.send(request)
                    }
                }
            }
        }

        @Test("a body cut inside its compressed stream fails although the transport delivered it whole")
        func refusesTruncated() async throws {
            let cut = Data(CompressedFixtures.gzip.prefix(100))
            let transport = EncodedTransport(body: cut, encoding: "gzip", rule: Self.rule)
            await #expect(throws: TransportError.invalidContentCoding("gzip")) {
                try await CallChain(transport: transport).send(TransportRequest(urlRequest: URLRequest(url: Self.url)))
            }
        }

        @Test("a download's file is decoded into a new one, the encoded file removed; a bomb stops at the limit")
        func decodesDownload() async throws {
            let request = TransportRequest(urlRequest: URLRequest(url: Self.url), kind: .download)
            let transport = EncodedTransport(body: CompressedFixtures.gzip, encoding: "gzip", rule: Self.rule)
            let answer = try await CallChain(transport: transport).send(request)
            let file = try #require(answer.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try Data(contentsOf: file) == CompressedFixtures.text)
            #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == nil)
            #expect(transport.files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })

            let bomb = EncodedTransport(body: CompressedFixtures.bomb, encoding: "gzip", rule: Self.rule)
            await #expect(throws: TransportError.responseTooLarge(limit: 256 * 1024)) {
                try await CallChain(transport: bomb).send(request)
            }
            #expect(bomb.files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        }
    }

    extension ContentDecodingLinkTests {
        private static let unlimitedDownloads = ContentDecodingRule(
            maximumResponseSize: 256 * 1024, maximumDownloadSize: nil)

        @Test("a download with no limit asks for no coding and keeps a compressed body it gets anyway as sent")
        func unlimitedDownloadIsNotInflated() async throws {
            let request = TransportRequest(urlRequest: URLRequest(url: Self.url), kind: .download)
            let bomb = EncodedTransport(body: CompressedFixtures.bomb, encoding: "gzip", rule: Self.unlimitedDownloads)
            let answer = try await CallChain(transport: bomb).send(request)
            let file = try #require(answer.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(bomb.acceptEncodings == ["identity"])
            #expect(try Data(contentsOf: file) == CompressedFixtures.bomb)
            #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        }

        @Test(
            "a download's error page is the call's body: read back and decoded within maximumResponseSize",
            arguments: [Self.rule, Self.unlimitedDownloads])
        func errorPage(rule: ContentDecodingRule) async throws {
            let request = TransportRequest(urlRequest: URLRequest(url: Self.url), kind: .download)
            let page = EncodedTransport(body: CompressedFixtures.gzip, encoding: "gzip", rule: rule, status: 500)
            let answer = try await CallChain(transport: page).send(request)
            #expect(answer.downloadedFileURL == nil)
            #expect(answer.data == CompressedFixtures.text)
            #expect(page.files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })

            let bomb = EncodedTransport(body: CompressedFixtures.bomb, encoding: "gzip", rule: rule, status: 500)
            await #expect(throws: TransportError.responseTooLarge(limit: 256 * 1024)) {
                try await CallChain(transport: bomb).send(request)
            }
            let large = EncodedTransport(body: Data(count: 300 * 1024), rule: rule, status: 500)
            await #expect(throws: TransportError.responseTooLarge(limit: 256 * 1024)) {
                try await CallChain(transport: large).send(request)
            }
        }
    }

    /// A transport that answers every hop with `body` as a server sent it, in `encoding`, and states
    /// the decoding rule `rule` to the chain; data in memory, a download in a file of its own.
    private final class EncodedTransport: HopSettingsTransport, StreamingTransport {
        let body: Data
        let encoding: String?
        let rule: ContentDecodingRule?
        private let seen = LockedState<(acceptEncodings: [String?], files: [URL])>(([], []))

        let status: Int

        init(body: Data, encoding: String? = nil, rule: ContentDecodingRule?, status: Int = 200) {
            self.body = body
            self.encoding = encoding
            self.rule = rule
            self.status = status
        }

        var acceptEncodings: [String?] { seen.withLock { $0.acceptEncodings } }
        var files: [URL] { seen.withLock { $0.files } }
        var redirectRules: RedirectRules { .standard }
        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? { nil }
        func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? { rule }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            var file: URL?
            if case .download = request.kind {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("encoded-\(UUID().uuidString)")
                try body.write(to: url)
                file = url
            }
            seen.withLock { seen in
                seen.acceptEncodings.append(
                    request.urlRequest.value(forHTTPHeaderField: "Accept-Encoding") ?? request.acceptEncoding)
                if let file { seen.files.append(file) }
            }
            var fields = [HeaderField(name: "Content-Type", value: "application/json")]
            fields.append(HeaderField(name: "Content-Length", value: "\(body.count)"))
            if let encoding { fields.append(HeaderField(name: "Content-Encoding", value: encoding)) }
            guard
                let answer = TransportResponse(
                    url: request.urlRequest.url ?? URL(fileURLWithPath: "/"), statusCode: status,
                    httpVersion: "HTTP/1.1",
                    headerFields: fields, data: file == nil ? body : Data(), downloadedFileURL: file)
            else { throw TransportError.notHTTP }
            return answer
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            body.deliverWhole(try await send(request))
        }
    }
#endif
