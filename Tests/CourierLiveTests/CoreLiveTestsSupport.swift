import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One httpbin call, described field by field, for the core and transport live tests.
struct CoreBinTarget: TargetType {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
    var validationType: ValidationType = .none

    /// A call to httpbin (`COURIER_HTTPBIN_URL`).
    static func bin(
        _ path: String, method: HTTPMethod = .get, task: RequestTask = .requestPlain,
        headers: [String: String]? = nil, validation: ValidationType = .none
    ) throws -> CoreBinTarget {
        CoreBinTarget(
            baseURL: try LiveServers.url(for: .httpbin), path: path, method: method, task: task, headers: headers,
            validationType: validation)
    }
}

/// What httpbin's `/anything`, `/get`, `/post` and `/headers` echo back.
struct BinEcho: Decodable {
    var args: [String: String]?
    var form: [String: String]?
    var headers: [String: String]
    var method: String?
    var data: String?
    var url: String?
    var json: JSONValue?

    /// A header as httpbin echoes it (httpbin capitalises names: `X-Api-Key`).
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Any JSON value, to compare what httpbin echoes in `json`.
enum JSONValue: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// How soon "promptly" is, in live tests that check a call ends early.
///
/// A call that works ends in milliseconds; one that does not ends when httpbin answers
/// (`/delay/10`: after 10 s) or when the session's 60 s timeout fires (a hung 401 challenge). The
/// bounds sit well between the two, so that a process busy with CPU-heavy tests in parallel
/// (whose cooperative threads a starved continuation waits for) cannot make them flaky.
enum LiveTiming {
    /// How much slower than usual the process runs: `4` under ThreadSanitizer or
    /// AddressSanitizer, `1` otherwise.
    static let scale: Double = {
        let sanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
        return sanitized ? 4 : 1
    }()
    /// For a cancellation or a sub-second timeout of `/delay/10`: well under its 10 s, with room
    /// for a two-core machine running the whole suite, where a thread may wait seconds for a core.
    static let promptly: Double = 6 * scale
    /// For an answer that a hang would delay by a minute.
    static let withoutHanging: Double = 15 * scale
}

/// Measures how long an async call takes.
func coreElapsed<T>(_ body: () async throws -> T) async rethrows -> (value: T, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try await body()
    let duration = clock.now - start
    return (value, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

/// The same URL with `127.0.0.1` and `localhost` swapped: another origin on the same server.
func otherOrigin(of url: URL) -> URL? {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.host = components.host == "localhost" ? "127.0.0.1" : "localhost"
    return components.url
}

/// A plugin that tells a test when a request is about to be sent, so it can act on a call
/// that is really in flight.
struct SentSignal: PluginType {
    let continuation: AsyncStream<Void>.Continuation

    /// The stream of "about to send" events and the plugin that feeds it.
    static func make() -> (AsyncStream<Void>, SentSignal) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        return (stream, SentSignal(continuation: continuation))
    }

    func willSend(_ request: URLRequest, target: any TargetType) {
        continuation.yield()
    }
}

extension AsyncStream {
    /// The next element, or `nil` when the stream ended.
    func nextElement() async -> Element? {
        var iterator = makeAsyncIterator()
        return await iterator.next()
    }
}
