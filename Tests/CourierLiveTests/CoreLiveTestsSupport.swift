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

/// Time in live tests, which run on a machine that may be busy: no live test asserts that
/// something happened quickly. A test of a timeout or a cancellation proves it by what the call
/// ends with (a server that never answers gives no other way out), and bounds it only from below
/// or, against the 60 s default it would otherwise reach, from far above.
enum LiveTiming {
    /// How much slower than usual the process runs: `4` under ThreadSanitizer or
    /// AddressSanitizer, `1` otherwise.
    static let scale: Double = {
        let sanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
        return sanitized ? 4 : 1
    }()
    /// Half a minute: tells a call's own sub-minute timeout from the 60 s default (of the
    /// provider, of URLSession, of the scenario server's hang) that it would otherwise reach.
    /// A loaded machine delays a URLSession call by seconds (FoundationNetworking runs every
    /// session of the process on one serial queue, which the rest of the suite keeps busy), never
    /// by this much.
    static let longBeforeTheDefault: Double = 30
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
