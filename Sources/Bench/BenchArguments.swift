import Foundation

/// `courier-bench [--url URL] [--json PATH] [--quick]`, or one counting mode for callgrind:
/// `--stub-only N [--eager-logger] [--without PARTS]`, `--alone-only N [--envelope]`, `--bare-only N`; or, for `perf`,
/// `--url URL --native-only SECONDS`.
struct BenchArguments: Sendable {
    /// A loopback URL serving a ~1 KB JSON file (scripts/bench starts nginx for it).
    var liveURL: URL?
    var jsonPath: String?
    /// Fewer iterations, for a smoke run.
    var quick = false
    /// Run N stubbed calls only (for callgrind) and exit.
    var stubOnly: Int?
    /// With `--stub-only`: the logger formats its lines and an eager output drops them.
    var eagerLogger = false
    /// With `--stub-only`: parts of the pipeline left out (`--without logger,token`), to measure
    /// what each costs.
    var without: Set<StubPipelineBench.Part> = []
    /// Run N stubbed calls with no plugins only (``StubAloneBench``, for callgrind) and exit.
    var aloneOnly: Int?
    /// Only the rows of ``StubAloneBench`` (a stubbed call alone and with an envelope), then exit.
    var aloneRows = false
    /// With `--alone-only`: the calls decode their payload through a `JSONEnvelope`.
    var envelope = false
    /// Run N bare decodes of the stub body only (the callgrind baseline) and exit.
    var bareOnly: Int?
    /// Run N hand-written floor calls only (a `URLRequest` built by hand, then the bare decode) and exit.
    var floorOnly: Int?
    /// With `--url`: only sequential GETs through the native transport for this many seconds,
    /// then print their rate and exit (for `perf`).
    var nativeOnly: Double?
    /// Only the HTTP cache's rows (``CacheBench``), then exit.
    var cacheOnly = false
    /// Only the offline-first layer's rows (``OfflineBench``), then exit.
    var offlineOnly = false
    /// Only stream this URL's body through ``streamTransport`` and exit (``StreamBench``).
    var streamURL: URL?
    /// With `--stream`: `urlsession` (the default) or `native`.
    var streamTransport = "urlsession"
    /// With `--stream`: read the body as server-sent events instead of bytes.
    var streamEvents = false
    /// An HTTPS URL with keep-alive, for the HTTPS rows (scripts/bench serves one with nginx).
    var httpsURL: URL?
    /// The same file from a server that closes every connection after its answer.
    var httpsClosingURL: URL?
    /// The PEM file of the CA that signed the HTTPS server's certificate.
    var certificateAuthorityPath: String?
    /// Only 1 + N plain calls (``PlainCalls``), to `--url` or stubbed, then exit.
    var plainCalls: Int?
    /// With `--calls` and `--url`: through `URLSessionTransport` instead of the default transport.
    var plainCallsThroughURLSession = false

    static let usage = """
        usage: courier-bench [--url URL] [--https URL [--https-new URL] --ca PEM] [--json PATH] [--quick]
               courier-bench --stub-only N [--eager-logger] [--without logger,token,activity,endpoint]
               courier-bench --alone [--quick]
               courier-bench --alone-only N [--envelope]
               courier-bench --bare-only N
               courier-bench --floor-only N
               courier-bench --url URL --native-only SECONDS
               courier-bench --cache [--url URL] [--quick]
               courier-bench --offline [--quick]
               courier-bench --stream URL [--transport urlsession|native] [--events]
               courier-bench --calls N [--url URL [--urlsession]]
        """

    static func parse(_ argv: [String]) -> BenchArguments {
        var parsed = BenchArguments()
        var iterator = argv.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--url": parsed.liveURL = iterator.next().flatMap(URL.init(string:))
            case "--json": parsed.jsonPath = iterator.next()
            case "--quick": parsed.quick = true
            case "--stub-only": parsed.stubOnly = iterator.next().flatMap { Int($0) }
            case "--alone-only": parsed.aloneOnly = iterator.next().flatMap { Int($0) }
            case "--envelope": parsed.envelope = true
            case "--alone": parsed.aloneRows = true
            case "--bare-only": parsed.bareOnly = iterator.next().flatMap { Int($0) }
            case "--floor-only": parsed.floorOnly = iterator.next().flatMap { Int($0) }
            case "--native-only": parsed.nativeOnly = iterator.next().flatMap { Double($0) }
            case "--stream": parsed.streamURL = iterator.next().flatMap(URL.init(string:))
            case "--transport": parsed.streamTransport = iterator.next() ?? parsed.streamTransport
            case "--events": parsed.streamEvents = true
            case "--https": parsed.httpsURL = iterator.next().flatMap(URL.init(string:))
            case "--https-new": parsed.httpsClosingURL = iterator.next().flatMap(URL.init(string:))
            case "--ca": parsed.certificateAuthorityPath = iterator.next()
            case "--eager-logger": parsed.eagerLogger = true
            case "--cache": parsed.cacheOnly = true
            case "--offline": parsed.offlineOnly = true
            case "--calls": parsed.plainCalls = iterator.next().flatMap { Int($0) }
            case "--urlsession": parsed.plainCallsThroughURLSession = true
            case "--without":
                let names = (iterator.next() ?? "").split(separator: ",").map(String.init)
                let parts = names.compactMap(StubPipelineBench.Part.init(rawValue:))
                guard parts.count == names.count else { fail("unknown part in --without \(names)") }
                parsed.without = Set(parts)
            default:
                fail("unknown argument \(argument)")
            }
        }
        return parsed
    }

    private static func fail(_ message: String) -> Never {
        print("courier-bench: \(message)\n\(usage)")
        exit(2)
    }
}
