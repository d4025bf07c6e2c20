import Courier
import CourierHTTP1
import Foundation

/// What `courier-probe` was asked to do.
struct ProbeArguments {
    let transport: String
    let url: URL
    let limit: Int64?
    let download: Bool
    /// Whether a download is held to `limit` too (`--download`), or to none (`--unlimited-download`).
    let downloadLimited: Bool
    /// Whether the body is streamed (`provider.bytes`), read until `limit` bytes or its end.
    let stream: Bool
    /// How long to watch the process after the call, in seconds.
    let linger: Double

    /// The server's `/health`, called first to warm the transport up.
    var healthURL: URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.path = "/health"
        components?.query = nil
        return components?.url ?? url
    }

    init?(_ arguments: ArraySlice<String>) {
        var rest = Array(arguments)
        guard rest.count >= 2, ["urlsession", "native", "routing"].contains(rest[0]), let url = URL(string: rest[1])
        else { return nil }
        transport = rest[0]
        self.url = url
        rest.removeFirst(2)
        var limit: Int64? = TransportResponse.defaultMaximumSize
        var download = false
        var downloadLimited = true
        var stream = false
        var linger = 1.0
        while let option = rest.first {
            rest.removeFirst()
            switch option {
            case "--download":
                download = true
            case "--unlimited-download":
                download = true
                downloadLimited = false
            case "--stream":
                stream = true
            case "--linger":
                guard let value = rest.first.flatMap(Double.init), value >= 0 else { return nil }
                rest.removeFirst()
                linger = value
            case "--limit":
                guard let value = rest.first else { return nil }
                rest.removeFirst()
                limit = value == "none" ? nil : Int64(value)
            default:
                return nil
            }
        }
        self.limit = limit
        self.download = download
        self.downloadLimited = downloadLimited
        self.stream = stream
        self.linger = linger
    }

    /// The transport asked for, with the limit asked for (on downloads too, with `--download`; not
    /// with `--unlimited-download`, which downloads with no download limit).
    func makeTransport() -> any Transport {
        Self.transport(named: transport, limit: limit, download: download && downloadLimited)
    }

    /// The transport `name` (`urlsession`, `native` or `routing`) with the response size limit
    /// `limit` (on downloads too when `download`).
    static func transport(named name: String, limit: Int64?, download: Bool = false) -> any Transport {
        let urlSession = URLSessionTransport(
            options: .init(maximumResponseSize: limit, maximumDownloadSize: download ? limit : nil))
        #if os(Linux)
            let native = HTTP1Transport.Options(
                maximumResponseSize: limit, maximumDownloadSize: download ? limit : nil)
            switch name {
            case "native": return HTTP1Transport(options: native)
            case "routing": return RoutingTransport(nativeOptions: native, urlSession: urlSession)
            default: return urlSession
            }
        #else
            return name == "routing" ? RoutingTransport(urlSession: urlSession) : urlSession
        #endif
    }
}

/// A call to one URL, as data or as a download.
struct ProbeTarget: TargetType {
    let url: URL
    let download: Bool

    var baseURL: URL { url }
    var path: String { "" }
    var method: HTTPMethod { .get }
    var task: RequestTask {
        guard download else { return .requestPlain }
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-probe-\(UUID().uuidString)")
        return .downloadDestination { _, _ in destination }
    }
}
