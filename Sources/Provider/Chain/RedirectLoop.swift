import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one redirect loop, for every call and every transport: send a hop, ask ``RedirectPolicy``,
/// send the next request or return the answer. A redirect's own body never reaches the caller
/// (``ChainHop/drop()``), and credentials never follow to another origin (the policy strips them).
struct RedirectLoop: Sendable {
    /// Whether redirects are followed, and how many at most.
    let rules: RedirectRules

    /// The final hop of `request`, each hop sent by `send`. Past ``RedirectRules/limit`` it fails
    /// with `URLError(.httpTooManyRedirects)`. The answer of a redirected call carries timings
    /// over every hop (``RedirectTimings``).
    @inline(__always)
    func follow<Hop: ChainHop>(
        _ request: TransportRequest, send: (TransportRequest) async throws -> Hop
    ) async throws -> Hop {
        guard rules.follows else { return try await send(request) }
        var current = request
        var followed = 0
        var timings = RedirectTimings()
        while true {
            let hopStart = ContinuousClock.now
            var hop = try await send(current)
            let answer = hop.answer
            // Most answers are no redirect: their headers are not read.
            if followed == 0, !RedirectPolicy.redirectStatuses.contains(answer.statusCode) { return hop }
            let decision = RedirectPolicy.next(
                after: current, status: answer.statusCode, location: answer.value(forHTTPHeaderField: "Location"),
                responseURL: answer.head.url ?? current.urlRequest.url, redirectsFollowed: followed,
                limit: rules.limit)
            switch decision {
            case .answer:
                if followed > 0 { hop.answer.timings = timings.final(answer.timings, startedAt: hopStart) }
                return hop
            case .tooMany:
                hop.drop()
                throw Self.tooManyRedirects(current.urlRequest.url)
            case .follow(let next):
                hop.drop()
                timings.add(answer.timings)
                current = next
                followed += 1
            }
        }
    }

    /// The error of a call redirected past the limit, with the URL of the last redirect.
    static func tooManyRedirects(_ url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "Too many redirects"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.httpTooManyRedirects, userInfo: info)
    }
}

/// A redirected call's timings as its hops add up: the connection phases summed over the hops;
/// the first byte and the total counted from the first request to the final answer. `nil` when
/// no hop measured anything.
struct RedirectTimings {
    private let start = ContinuousClock.now
    private var waiting: Duration?
    private var connecting: Duration?
    private var measured = false

    /// Counts a hop that was not the answer.
    mutating func add(_ hop: CallTimings?) {
        guard let hop else { return }
        measured = true
        if let waited = hop.waitingForConnection { waiting = (waiting ?? .zero) + waited }
        if let opening = hop.connecting { connecting = (connecting ?? .zero) + opening }
    }

    /// The call's timings, its last hop having started at `lastStart` and measured `last`.
    func final(_ last: CallTimings?, startedAt lastStart: ContinuousClock.Instant) -> CallTimings? {
        guard measured || last != nil else { return nil }
        let before = lastStart - start
        var timings = CallTimings()
        timings.waitingForConnection = Self.sum(waiting, last?.waitingForConnection)
        timings.connecting = Self.sum(connecting, last?.connecting)
        timings.firstByte = last?.firstByte.map { before + $0 }
        timings.total = last?.total.map { _ in ContinuousClock.now - start }
        return timings
    }

    private static func sum(_ lhs: Duration?, _ rhs: Duration?) -> Duration? {
        guard lhs != nil || rhs != nil else { return nil }
        return (lhs ?? .zero) + (rhs ?? .zero)
    }
}
