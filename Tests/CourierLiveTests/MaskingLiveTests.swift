import CourierPlugins
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every secret × every way Courier sends it, against httpbin's echo: neither the logger nor the
/// recorder may show it in any spelling that Courier's encoders or the server produced.
///
/// The spellings are found in the bytes that were sent and echoed (``EchoSpellings``), not taken
/// from the masking code, so a spelling the masking does not know fails here.
@Suite("Masking: secrets × spellings over httpbin's echo", .requiresHttpbin)
struct MaskingLiveTests {
    /// Secrets with the characters that encoders escape: `/ + =` (base64), `" \`, non-ASCII
    /// (accents and a character outside the BMP), and the delimiters of queries and forms.
    static let secrets = [
        "SK7/cd+ef==gh", #"pa"ss\wo/rd-9"#, "pässwörd-ü1", "🔑key-🔒-42", "p@ss w&rd;1?=",
    ]

    /// How a secret is sent.
    enum Channel: String, CaseIterable, Sendable {
        case accessTokenQuery, keyQuery, signatureQuery, passwordForm, clientSecretJSON, tokenJSONEncoder
        case bearerHeader

        /// Headers carry ASCII only.
        func carries(_ secret: String) -> Bool {
            self != .bearerHeader || secret.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }

        func target(_ base: URL, _ secret: String) -> RecorderTarget {
            switch self {
            case .accessTokenQuery: query(base, "access_token", secret)
            case .keyQuery: query(base, "key", secret)
            case .signatureQuery: query(base, "signature", secret)
            case .passwordForm:
                RecorderTarget(
                    base, "/post", method: .post,
                    task: .requestParameters(
                        parameters: ["user": "ada", "password": secret], encoding: URLEncoding.httpBody))
            case .clientSecretJSON:
                RecorderTarget(
                    base, "/post", method: .post,
                    task: .requestParameters(
                        parameters: ["client_id": "app", "client_secret": secret], encoding: JSONEncoding.default))
            case .tokenJSONEncoder:
                RecorderTarget(
                    base, "/post", method: .post, task: .requestJSONEncodable(Login(user: "ada", token: secret)))
            case .bearerHeader:
                RecorderTarget(base, "/anything", headers: ["Authorization": "Bearer \(secret)"])
            }
        }

        /// The field the secret is sent in.
        var field: String {
            switch self {
            case .accessTokenQuery: "access_token"
            case .keyQuery: "key"
            case .signatureQuery: "signature"
            case .passwordForm: "password"
            case .clientSecretJSON: "client_secret"
            case .tokenJSONEncoder: "token"
            case .bearerHeader: "Authorization"
            }
        }

        private func query(_ base: URL, _ name: String, _ secret: String) -> RecorderTarget {
            RecorderTarget(
                base, "/get",
                task: .requestParameters(parameters: ["page": 2, name: secret], encoding: URLEncoding.queryString))
        }
    }

    struct Login: Encodable, Sendable {
        let user: String
        let token: String
    }

    static var cases: [(Channel, String)] {
        Channel.allCases.flatMap { channel in secrets.filter(channel.carries).map { (channel, $0) } }
    }

    @Test(arguments: cases)
    func neitherTheLogNorTheRecordingShowsTheSecret(channel: Channel, secret: String) async throws {
        let directory = try RecorderLiveTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = LogLines()
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, lines in log.append(lines) }, logOptions: .verbose))
        let provider = Provider<RecorderTarget>(
            transport: RecordingTransport(recordingTo: directory, wrapping: TestTransport.make()), plugins: [logger])

        let response = try await provider.request(channel.target(try LiveServers.url(for: .httpbin), secret))

        let sent = try #require(response.request)
        let spellings = Self.spellings(of: secret, channel: channel, sent: sent, echo: response.data)
        let echoed = String(decoding: response.data, as: UTF8.self)
        #expect(spellings.contains { echoed.contains($0) }, "httpbin echoed the secret: \(echoed)")
        let recordings = try Self.recordings(in: directory)
        var inRecordings = spellings
        for spelling in spellings { inRecordings.formUnion(EchoSpellings.jsonEncoderSpellings(of: spelling)) }
        for spelling in spellings.sorted() {
            #expect(!log.text.contains(spelling), "the log shows \(spelling):\n\(log.text)")
        }
        for spelling in inRecordings.sorted() {
            #expect(!recordings.contains(spelling), "a recording shows \(spelling):\n\(recordings)")
        }
    }

    /// The secret as it is, as Courier's encoders wrote it into the request, and as httpbin
    /// echoed either of those.
    static func spellings(of secret: String, channel: Channel, sent: URLRequest, echo: Data) -> Set<String> {
        var written: Set<String> = [secret]
        if let query = sent.url.flatMap({ URLComponents(url: $0, resolvingAgainstBaseURL: false) })?.percentEncodedQuery
        {
            written.formUnion(EchoSpellings.formValues(named: channel.field, in: query))
        }
        let body = sent.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
        written.formUnion(EchoSpellings.formValues(named: channel.field, in: body))
        written.formUnion(EchoSpellings.memberLiterals(named: channel.field, inJSON: body))
        if let header = sent.value(forHTTPHeaderField: channel.field) { written.insert(header) }
        return written.union(EchoSpellings.echoes(of: written, inJSON: String(decoding: echo, as: UTF8.self)))
    }

    /// Every recording file's name and contents.
    static func recordings(in directory: URL) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        var text = ""
        for file in files {
            text += file.lastPathComponent + "\n" + (try String(contentsOf: file, encoding: .utf8)) + "\n"
        }
        return text
    }
}

extension MaskingLiveTests.Channel: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}

/// The logger's lines, collected across tasks.
final class LogLines: Sendable {
    private let storage = LockedState<[String]>([])

    func append(_ more: [String]) { storage.withLock { $0 += more } }

    /// Every line so far.
    var lines: [String] { storage.withLock { $0 } }

    /// Every line, one per line.
    var text: String { storage.withLock { $0.joined(separator: "\n") } }
}
