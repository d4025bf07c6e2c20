import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records real exchanges with `RecordingTransport`, then replays them with `ReplayTransport`
/// where no server can answer: the replay must give back what the server said.
@Suite("Recorder: record against live servers, replay offline")
struct RecorderLiveTests {
    /// A port nothing listens on: a replay pointed there fails if it touches the network.
    static let closedPort = URL(string: "http://127.0.0.1:9")!

    static func httpbinCalls(base: URL) -> [RecorderTarget] {
        [
            RecorderTarget(base, "/get", task: query(["page": 1])),
            RecorderTarget(
                base, "/response-headers", task: query(["X-Trace": "trace-7", "Cache-Control": "max-age=60"])),
            RecorderTarget(base, "/status/418"),
            RecorderTarget(base, "/bytes/64", task: query(["seed": 7])),
            RecorderTarget(base, "/robots.txt"),
            RecorderTarget(base, "/gzip"),
            RecorderTarget(base, "/post", method: .post, task: .requestJSONEncodable(["name": "ada"])),
        ]
    }

    static func query(_ parameters: [String: any Sendable]) -> RequestTask {
        .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)
    }

    @Test(.requiresHttpbin)
    func aReplayAtTheSameURLsAndAtAClosedPortAnswersAsHttpbinDid() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let httpbin = try LiveServers.url(for: .httpbin)
        let recorder = RecordingTransport(recordingTo: directory, wrapping: TestTransport.make())
        let live = Provider<RecorderTarget>(transport: recorder)
        var recorded: [Response] = []
        for target in Self.httpbinCalls(base: httpbin) { recorded.append(try await live.request(target)) }

        let replay = Provider<RecorderTarget>(transport: ReplayTransport(directory: directory))
        for base in [httpbin, Self.closedPort] {
            for (index, target) in Self.httpbinCalls(base: base).enumerated() {
                let replayed = try await replay.request(target)
                let original = recorded[index]
                #expect(replayed.statusCode == original.statusCode, "\(target.path)")
                #expect(Self.headers(of: replayed) == Self.headers(of: original), "\(target.path)")
                #expect(Self.sameBody(replayed.data, original.data), "\(target.path)")
                #expect(replayed.value(forHTTPHeaderField: "Content-Length") == String(replayed.data.count))
                #expect(replayed.response?.url?.port == base.port)
            }
        }
        #expect(recorded[1].value(forHTTPHeaderField: "X-Trace") == "trace-7")
        #expect(recorded[2].statusCode == 418)
        #expect(recorder.recordedFiles.map(\.lastPathComponent).contains("GET_status_418.json"))
    }

    @Test(.requiresHttpbin)
    func aRequestThatWasNotRecordedNamesTheFileToRecord() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let httpbin = try LiveServers.url(for: .httpbin)
        _ = try await Provider<RecorderTarget>(
            transport: RecordingTransport(recordingTo: directory, wrapping: TestTransport.make())
        ).request(RecorderTarget(httpbin, "/status/204"))

        let replay = Provider<RecorderTarget>(transport: ReplayTransport(directory: directory))
        let recordedCall = try await replay.request(RecorderTarget(Self.closedPort, "/status/204"))
        let error = try await #require(throws: CourierError.self) {
            try await replay.request(RecorderTarget(Self.closedPort, "/status/205"))
        }

        #expect(recordedCall.statusCode == 204)
        let message = try #require((error.underlyingError as? RecordingError)?.errorDescription)
        #expect(message.contains(directory.appendingPathComponent("GET_status_205.json").path))
    }

    @Test(.requiresHttpbin)
    func secretsNeverReachTheFixtureFiles() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let httpbin = try LiveServers.url(for: .httpbin)
        let secrets = [
            "bearer-secret-8f2a", "cookie-secret-77c1", "api-key-secret-19", "query-secret-4b4b", "password-secret-00",
            "set-cookie-secret-5e", "basicpass-secret",
        ]
        let headers = [
            "Authorization": "Bearer bearer-secret-8f2a", "Cookie": "sid=cookie-secret-77c1; lang=en",
            "X-API-Key": "api-key-secret-19",
        ]
        let calls = [
            RecorderTarget(
                httpbin, "/get", task: Self.query(["access_token": "query-secret-4b4b", "page": 2]), headers: headers),
            RecorderTarget(
                httpbin, "/post", method: .post,
                task: .requestJSONEncodable(["user": "ada", "password": "password-secret-00"])),
            RecorderTarget(
                httpbin, "/response-headers", task: Self.query(["Set-Cookie": "session=set-cookie-secret-5e; Path=/"])),
            RecorderTarget(
                httpbin, "/basic-auth/ada/basicpass-secret",
                headers: ["Authorization": "Basic " + Data("ada:basicpass-secret".utf8).base64EncodedString()]),
        ]
        let recorder = RecordingTransport(recordingTo: directory, wrapping: TestTransport.make())
        let live = Provider<RecorderTarget>(transport: recorder)
        var responses: [Response] = []
        for call in calls { responses.append(try await live.request(call)) }

        #expect(responses.map(\.statusCode) == [200, 200, 200, 200])
        #expect(String(decoding: responses[0].data, as: UTF8.self).contains("bearer-secret-8f2a"), "the caller sees it")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        #expect(files.count == calls.count)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for secret in secrets {
                #expect(!text.contains(secret), "\(secret) is in \(file.lastPathComponent)")
            }
        }
        let echo = try String(
            contentsOf: directory.appendingPathComponent("GET_get@access_token=masked&page=2.json"), encoding: .utf8)
        #expect(echo.contains(#""Authorization" : "Bearer ***""#))
        #expect(echo.contains("access_token=***"))
        // The secret-free file still replays.
        let replayed = try await Provider<RecorderTarget>(transport: ReplayTransport(directory: directory))
            .request(calls[1])
        #expect(replayed.statusCode == 200)
    }

    @Test(.requiresScenarioServer)
    func aLoginFlowIsRecordedAsASequenceAndReplayedInOrder() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A realm of its own keeps the server's token state away from other tests.
        let realm = try LiveServers.url(for: .scenario).appendingPathComponent("realms/recorder-\(UUID().uuidString)")
        let live = Provider<RecorderTarget>(
            transport: RecordingTransport(recordingTo: directory, wrapping: TestTransport.make()),
            options: ProviderOptions(sessionExpiredStatusCodes: []))
        let before = try await live.request(RecorderTarget(realm, "/auth/me"))
        let login = try await live.request(RecorderTarget(realm, "/auth/login", method: .post))
        let token = try #require(Self.accessToken(in: login.data))
        let after = try await live.request(
            RecorderTarget(realm, "/auth/me", headers: ["Authorization": "Bearer \(token)"]))

        let replay = Provider<RecorderTarget>(
            transport: ReplayTransport(directory: directory), options: ProviderOptions(sessionExpiredStatusCodes: []))
        let replayedBefore = try await replay.request(RecorderTarget(realm, "/auth/me"))
        let replayedLogin = try await replay.request(RecorderTarget(realm, "/auth/login", method: .post))
        let replayedAfter = try await replay.request(
            RecorderTarget(realm, "/auth/me", headers: ["Authorization": "Bearer another-token"]))

        let expected: [Int] = [401, 200, 200]
        #expect([before, login, after].map(\.statusCode) == expected)
        #expect([replayedBefore, replayedLogin, replayedAfter].map(\.statusCode) == expected)
        #expect(Self.sameBody(replayedBefore.data, before.data))
        #expect(Self.accessToken(in: replayedLogin.data) == "***", "the issued token is masked in the recording")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.filter { $0.hasPrefix("GET_realms_") && $0.contains("auth_me") }.count == 2)
    }

    /// The headers a client reads: all but those describing the transfer (length, encoding),
    /// which the replay sets for the body it serves.
    static func headers(of response: Response) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.response?.allHeaderFields ?? [:] {
            guard let name = (name as? String)?.lowercased(),
                !["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"].contains(name)
            else { continue }
            headers[name] = "\(value)"
        }
        return headers
    }

    /// The same bytes, or the same JSON: a recording keeps a JSON body's meaning, not its spacing.
    static func sameBody(_ lhs: Data, _ rhs: Data) -> Bool {
        lhs == rhs || (canonicalJSON(lhs) != nil && canonicalJSON(lhs) == canonicalJSON(rhs))
    }

    static func canonicalJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }

    static func accessToken(in body: Data) -> String? {
        struct Login: Decodable {
            struct Tokens: Decodable { var accessToken: String }
            var data: Tokens
        }
        return (try? JSONDecoder().decode(Login.self, from: body))?.data.accessToken
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One call of the recorder's live tests, described field by field.
struct RecorderTarget: TargetType {
    var baseURL: URL
    var path: String
    var method: HTTPMethod
    var task: RequestTask
    var headers: [String: String]?

    init(
        _ baseURL: URL, _ path: String, method: HTTPMethod = .get, task: RequestTask = .requestPlain,
        headers: [String: String]? = nil
    ) {
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.task = task
        self.headers = headers
    }
}
