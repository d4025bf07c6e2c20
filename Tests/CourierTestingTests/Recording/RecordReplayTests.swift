import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Recorder and replay, offline against an in-memory server")
struct RecordReplayTests {
    static let recordedBase = URL(string: "http://127.0.0.1:8080")!
    /// A replay is pointed at another host on purpose: recordings are keyed without it.
    static let replayedBase = URL(string: "http://127.0.0.1:1")!

    static func targets(base: URL) -> [BinTarget] {
        [
            BinTarget(
                baseURL: base, path: "/get",
                task: .requestParameters(
                    parameters: ["page": 1, "q": "rice"], encoding: URLEncoding.queryString)),
            BinTarget(baseURL: base, path: "/text"),
            BinTarget(baseURL: base, path: "/bytes"),
            BinTarget(baseURL: base, path: "/missing"),
            BinTarget(baseURL: base, path: "/echo", method: .post, task: .requestJSONEncodable(["n": 1])),
        ]
    }

    @Test func aReplayAnswersAsTheServerDidWithoutReachingIt() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = FakeServer()
        let recorder = RecordingTransport(recordingTo: directory, wrapping: server)
        let live = Provider<BinTarget>(transport: recorder)
        var recorded: [Response] = []
        for target in Self.targets(base: Self.recordedBase) { recorded.append(try await live.request(target)) }
        let callsWhileRecording = server.callCount

        let replay = Provider<BinTarget>(transport: ReplayTransport(directory: directory))
        for (index, target) in Self.targets(base: Self.replayedBase).enumerated() {
            let replayed = try await replay.request(target)
            let original = recorded[index]
            #expect(replayed.statusCode == original.statusCode, "\(target.path)")
            #expect(Self.meaningfulHeaders(of: replayed) == Self.meaningfulHeaders(of: original), "\(target.path)")
            #expect(Self.sameBody(replayed, original), "\(target.path)")
            #expect(replayed.response?.url?.host == "127.0.0.1" && replayed.response?.url?.port == 1)
        }
        #expect(server.callCount == callsWhileRecording, "the replay never reached the server")
    }

    @Test func eachCallGetsOneFileUnderAStableName() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer())
        let provider = Provider<BinTarget>(transport: recorder)

        for target in Self.targets(base: Self.recordedBase) { _ = try await provider.request(target) }

        let names = recorder.recordedFiles.map(\.lastPathComponent)
        #expect(
            names == [
                "GET_get@page=1&q=rice.json", "GET_text.json", "GET_bytes.json", "GET_missing.json", "POST_echo.json",
            ])
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(onDisk) == Set(names))
        let text = try String(contentsOf: directory.appendingPathComponent("GET_text.json"), encoding: .utf8)
        #expect(text.contains(#""bodyText" : "hello, recorder\n""#))
        let bytes = try String(contentsOf: directory.appendingPathComponent("GET_bytes.json"), encoding: .utf8)
        #expect(bytes.contains(#""bodyBase64" : "/wD+gIE=""#))
        #expect(!text.contains("Content-Length"), "transfer headers are not recorded")
    }

    @Test func secretsAreMaskedInTheFilesButNotForTheCaller() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer())
        let provider = Provider<BinTarget>(transport: recorder)
        let secretHeaders = [
            "Authorization": "Bearer abc.def.ghi-secret", "Cookie": "session=cookie-secret-1; theme=dark",
            "X-API-Key": "key-secret-42",
        ]
        let echo = BinTarget(
            baseURL: Self.recordedBase, path: "/get",
            task: .requestParameters(
                parameters: ["page": 2, "access_token": "query-secret-7"], encoding: URLEncoding.queryString),
            headers: secretHeaders)
        let login = BinTarget(
            baseURL: Self.recordedBase, path: "/auth/login", method: .post,
            task: .requestJSONEncodable(Credentials(user: "ada", password: "hunter2-secret")))

        let echoed = try await provider.request(echo)
        let loggedIn = try await provider.request(login)

        #expect(String(decoding: echoed.data, as: UTF8.self).contains("abc.def.ghi-secret"), "the caller sees it all")
        #expect(loggedIn.value(forHTTPHeaderField: "Set-Cookie")?.contains(FakeServer.sessionCookie) == true)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        let everything = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        for secret in [
            "abc.def.ghi-secret", "cookie-secret-1", "key-secret-42", "query-secret-7", "hunter2-secret",
            FakeServer.accessToken, FakeServer.sessionCookie,
        ] {
            #expect(!everything.contains(secret), "\(secret) leaked into a recording")
        }
        #expect(everything.contains(#""Authorization" : "Bearer ***""#), "the scheme is kept")
        #expect(everything.contains("session=***; Path=/; HttpOnly"), "cookie names and attributes are kept")
        #expect(everything.contains("access_token=***"))
        #expect(files.map(\.lastPathComponent).contains("GET_get@access_token=masked&page=2.json"))
    }

    @Test func aRefreshFlowIsRecordedAsASequenceAndReplayedInOrder() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let me = BinTarget(baseURL: Self.recordedBase, path: "/auth/me")
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer())
        let live = Provider<BinTarget>(
            transport: recorder, plugins: [RefreshingTokenPlugin(token: "old-token", refreshedToken: "new-token")])
        let liveUser = try await live.request(me)

        #expect(recorder.recordedFiles.map(\.lastPathComponent) == ["GET_auth_me.json", "GET_auth_me~2.json"])
        let stubs = StubTransport(fallback: ReplayTransport(directory: directory))
        let replay = Provider<BinTarget>(
            transport: stubs, plugins: [RefreshingTokenPlugin(token: "another-token", refreshedToken: "fresh-token")])
        let replayedUser = try await replay.request(me)
        let again = try await replay.request(me)

        #expect(replayedUser.data == liveUser.data)
        #expect(again.statusCode == 200, "the last recording repeats")
        #expect(
            stubs.sentRequests.map { $0.header("Authorization") } == [
                "Bearer another-token", "Bearer fresh-token", "Bearer fresh-token",
            ])
    }

    @Test func aRequestWithoutRecordingNamesTheFileToRecord() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = Provider<BinTarget>(transport: ReplayTransport(directory: directory))
        let target = BinTarget(
            baseURL: Self.replayedBase, path: "/get",
            task: .requestParameters(parameters: ["token": "t-secret-9", "page": 3], encoding: URLEncoding.queryString))

        let error = try await #require(throws: CourierError.self) { try await replay.request(target) }

        let recordingError = try #require(error.underlyingError as? RecordingError)
        let file = directory.appendingPathComponent("GET_get@page=3&token=masked.json").path
        #expect(
            recordingError
                == .noRecording(
                    request: "GET http://127.0.0.1:1/get?page=3&token=***", file: file, directory: directory.path))
        let message = try #require(recordingError.errorDescription)
        #expect(message.contains(file))
        #expect(message.contains("RecordingTransport(recordingTo:"))
        #expect(!message.contains("t-secret-9"))
    }

    @Test func aFailedCallIsRecordedAndReplayedAsTheSameURLError() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = BinTarget(baseURL: Self.recordedBase, path: "/timeout")
        let live = Provider<BinTarget>(transport: RecordingTransport(recordingTo: directory, wrapping: FakeServer()))
        let replay = Provider<BinTarget>(transport: ReplayTransport(directory: directory))

        let liveError = try await #require(throws: CourierError.self) { try await live.request(target) }
        let replayError = try await #require(throws: CourierError.self) { try await replay.request(target) }

        #expect((liveError.underlyingError as? URLError)?.code == .timedOut)
        #expect((replayError.underlyingError as? URLError)?.code == .timedOut)
    }

    @Test func withTheBodyInTheKeyPostsOfDifferentPagesReplayInAnyOrder() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func page(_ number: Int, base: URL) -> BinTarget {
            BinTarget(baseURL: base, path: "/echo", method: .post, task: .requestJSONEncodable(["page": number]))
        }
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer(), keyIncludesBody: true)
        let live = Provider<BinTarget>(transport: recorder)
        _ = try await live.request(page(1, base: Self.recordedBase))
        _ = try await live.request(page(2, base: Self.recordedBase))

        let replay = Provider<BinTarget>(transport: ReplayTransport(directory: directory, keyIncludesBody: true))
        let second = try await replay.request(page(2, base: Self.replayedBase))
        let first = try await replay.request(page(1, base: Self.replayedBase))

        #expect(try second.map([String: Int].self) == ["page": 2])
        #expect(try first.map([String: Int].self) == ["page": 1])
        let names = recorder.recordedFiles.map(\.lastPathComponent)
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix("POST_echo~b") })
    }

    @Test func aPlainTextBodyIsRecordedAndKeyedWithoutTrouble() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let note = BinTarget(
            baseURL: Self.recordedBase, path: "/echo", method: .post,
            task: .requestData(Data("a note: 100% <plain> text\nwith password=hunter2-secret".utf8)))
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer(), keyIncludesBody: true)

        let live = try await Provider<BinTarget>(transport: recorder).request(note)
        let replayed = try await Provider<BinTarget>(
            transport: ReplayTransport(directory: directory, keyIncludesBody: true)
        ).request(note)

        #expect(replayed.statusCode == 201)
        let expected = String(decoding: live.data, as: UTF8.self).replacingOccurrences(
            of: "hunter2-secret", with: "***")
        #expect(String(decoding: replayed.data, as: UTF8.self) == expected, "the echoed secret is masked")
        let file = try #require(recorder.recordedFiles.first)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("a note: 100% <plain> text"))
    }

    @Test func aHandWrittenRecordingNeedsOnlyAStatus() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = ReplayTransport(directory: directory)
        let target = BinTarget(baseURL: Self.replayedBase, path: "/v1/ping")
        let request = try Provider<BinTarget>.defaultEndpointMapping(for: target).urlRequest()
        let file = replay.recordingFile(for: request)
        try Data(#"{"response": {"status": 204, "headers": {"X-Pong": "yes"}}}"#.utf8).write(to: file)

        let response = try await Provider<BinTarget>(transport: replay).request(target)

        #expect(file.lastPathComponent == "GET_v1_ping.json")
        #expect(response.statusCode == 204)
        #expect(response.value(forHTTPHeaderField: "X-Pong") == "yes")
        #expect(response.data.isEmpty)
    }

    @Test func aFileHoldingAnotherRequestIsReportedWithBothKeys() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = ReplayTransport(directory: directory)
        let target = BinTarget(baseURL: Self.replayedBase, path: "/text")
        let file = directory.appendingPathComponent("GET_text.json")
        try Data(#"{"key": "GET /other", "response": {"status": 200}}"#.utf8).write(to: file)

        let error = try await #require(throws: CourierError.self) {
            try await Provider<BinTarget>(transport: replay).request(target)
        }

        #expect(
            error.underlyingError as? RecordingError
                == .keyMismatch(file: file.path, recorded: "GET /other", requested: "GET /text"))
    }

    @Test func aBrokenFileIsReportedByPath() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("GET_text.json")
        try Data("not json".utf8).write(to: file)

        let error = try await #require(throws: CourierError.self) {
            try await Provider<BinTarget>(transport: ReplayTransport(directory: directory))
                .request(BinTarget(baseURL: Self.replayedBase, path: "/text"))
        }

        guard case .unreadable(let path, _) = error.underlyingError as? RecordingError else {
            Issue.record("expected .unreadable, got \(error)")
            return
        }
        #expect(path == file.path)
    }

    /// Headers a client reads: all but the ones describing the transfer, which a replay sets itself.
    static func meaningfulHeaders(of response: Response) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.response?.allHeaderFields ?? [:] {
            guard let name = name as? String, !["content-length"].contains(name.lowercased()) else { continue }
            headers[name.lowercased()] = "\(value)"
        }
        return headers
    }

    /// The same bytes, or the same JSON (a recording keeps JSON's meaning, not its spacing).
    static func sameBody(_ lhs: Response, _ rhs: Response) -> Bool {
        lhs.data == rhs.data || (canonicalJSON(lhs.data) != nil && canonicalJSON(lhs.data) == canonicalJSON(rhs.data))
    }

    /// `data` as JSON re-serialized with sorted keys, or `nil` when it is not JSON.
    static func canonicalJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }
}
