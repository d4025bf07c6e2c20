import Foundation
import Testing

@testable import Courier

/// RFC 9111 §4.2's arithmetic, rule by rule.
@Suite("Cache freshness")
struct FreshnessTests {
    typealias F = CacheFixtures
    let t = CacheFixtures.epoch

    @Test func maxAgeIsTheLifetime() {
        let entry = F.entry([("Cache-Control", "max-age=60"), ("Date", F.date(0))])
        #expect(entry.lifetime == 60)
        #expect(entry.age(at: t.addingTimeInterval(30)) == 30)
        #expect(entry.staleness(at: t.addingTimeInterval(59)) < 0)
        #expect(entry.staleness(at: t.addingTimeInterval(61)) > 0)
    }

    /// §4.2.3: an `Age` from an upstream cache counts, plus the time the exchange took.
    @Test func ageFieldAndResponseDelayAddUp() {
        let entry = F.entry(
            [("Cache-Control", "max-age=60"), ("Age", "10"), ("Date", F.date(0))], received: t,
            sent: t.addingTimeInterval(-2))
        #expect(entry.initialAge == 12)
        let old = F.entry([("Cache-Control", "max-age=60"), ("Age", "100")])
        #expect(old.staleness(at: t) > 0)
    }

    /// The apparent age: our clock at receipt minus the server's `Date`.
    @Test func aDateInThePastMakesTheResponseOlder() {
        let entry = F.entry([("Cache-Control", "max-age=60"), ("Date", F.date(-50))])
        #expect(entry.initialAge == 50)
        #expect(entry.staleness(at: t.addingTimeInterval(11)) > 0)
    }

    /// Clock skew the other way: a server clock ahead of ours never makes an age negative.
    @Test func aServerClockAheadDoesNotMakeItYounger() {
        let entry = F.entry([("Cache-Control", "max-age=60"), ("Date", F.date(3600))])
        #expect(entry.initialAge == 0)
        #expect(entry.staleness(at: t.addingTimeInterval(59)) < 0)
    }

    @Test func expiresMinusDateIsTheLifetime() {
        let entry = F.entry([("Date", F.date(0)), ("Expires", F.date(100))])
        #expect(entry.lifetime == 100)
        // Without Date, the time of receipt stands in for it.
        #expect(F.entry([("Expires", F.date(100))]).lifetime == 100)
    }

    /// §5.3: an `Expires` that is not a date means "already expired".
    @Test func anInvalidExpiresIsInThePast() {
        #expect(F.entry([("Expires", "0"), ("Last-Modified", F.date(-1000))]).lifetime == 0)
    }

    /// §5.3 with RFC 9110 §5.6.7 read exactly: an `Expires` in a form a lenient parser would
    /// take as a date in the future still means "already expired".
    @Test(arguments: [
        "Thu, 18 Aug 2050 02:01:18 UTC", "Thu, 18 Aug 2050 02:01:18 AEST", "Thu, 18 Aug 50 02:01:18 GMT",
        "Thu 18 Aug 2050 02:01:18 GMT", "Thu, 18  Aug  2050 02:01:18 GMT", "Thu, 18-Aug-2050 02:01:18 GMT",
        "Thu, 18 Aug 2050 02.01.18 GMT", "Thu, 18 Aug 2050 2:01:18 GMT",
    ])
    func aMalformedExpiresIsInThePast(expires: String) {
        #expect(F.entry([("Date", F.date(0)), ("Expires", expires)]).lifetime == 0)
        // The same date written right is a lifetime of decades.
        #expect(F.entry([("Date", F.date(0)), ("Expires", "Thu, 18 Aug 2050 02:01:18 GMT")]).lifetime > 0)
    }

    /// RFC 9110 §6.6.1: a `Date` that is no date is replaced by the time the response arrived;
    /// a `Last-Modified` that is no date gives no heuristic lifetime.
    @Test func aMalformedDateOrLastModifiedIsNotRead() {
        let badDate = F.entry([("Date", "Tue, 14 Nov 2023 22:12:20 UTC"), ("Expires", F.date(100))])
        #expect(badDate.lifetime == 100 && badDate.initialAge == 0)
        let badLastModified = F.entry([("Date", F.date(0)), ("Last-Modified", "Tue, 14 Nov 2023 22:00:00 UTC")])
        #expect(badLastModified.lifetime == 0)
    }

    @Test func maxAgeWinsOverExpires() {
        #expect(F.entry([("Cache-Control", "max-age=5"), ("Expires", F.date(1000))]).lifetime == 5)
    }

    /// §4.2.2: with only `Last-Modified`, a tenth of the time since the change.
    @Test func heuristicLifetimeFromLastModified() {
        #expect(F.entry([("Date", F.date(0)), ("Last-Modified", F.date(-1000))]).lifetime == 100)
        #expect(F.entry([("Date", F.date(0)), ("Last-Modified", F.date(-1000))], status: 201).lifetime == 0)
        #expect(F.entry([("Date", F.date(0))]).lifetime == 0)
    }

    @Test func anAgeThatIsNotANumberIsIgnored() {
        #expect(F.entry([("Age", "old"), ("Date", F.date(0))]).initialAge == 0)
    }
}

/// What the cache does with a request and a stored entry, directive by directive.
@Suite("Cache decisions")
struct CacheDecisionTests {
    typealias F = CacheFixtures
    let t = CacheFixtures.epoch

    func decide(_ fields: [(String, String)], request: String? = nil, after seconds: TimeInterval) -> CacheDecision {
        CacheDecision.decide(F.entry(fields), request: CacheControl(request), now: t.addingTimeInterval(seconds))
    }

    @Test func freshIsServedAndStaleIsValidatedOrFetched() {
        #expect(decide([("Cache-Control", "max-age=60")], after: 10) == .useStored)
        #expect(decide([("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")], after: 61) == .validate)
        #expect(decide([("Cache-Control", "max-age=60")], after: 61) == .network)
        #expect(CacheDecision.decide(nil, request: CacheControl(), now: t) == .network)
    }

    @Test func noCacheAlwaysValidates() {
        #expect(decide([("Cache-Control", "max-age=60, no-cache"), ("ETag", "\"v1\"")], after: 1) == .validate)
        #expect(
            decide([("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")], request: "no-cache", after: 1) == .validate)
    }

    @Test func requestMaxAgeLimitsTheAge() {
        let fields = [("Cache-Control", "max-age=600"), ("Last-Modified", F.date(-100))]
        #expect(decide(fields, request: "max-age=0", after: 1) == .validate)
        #expect(decide(fields, request: "max-age=30", after: 10) == .useStored)
        #expect(decide(fields, request: "max-age=30", after: 31) == .validate)
    }

    /// RFC 8246: a reload (`max-age=0`) of an immutable response still fresh needs no validation.
    @Test func immutableSkipsTheReloadCheckWhileFresh() {
        let fields = [("Cache-Control", "max-age=600, immutable"), ("ETag", "\"v1\"")]
        #expect(decide(fields, request: "max-age=0", after: 1) == .useStored)
        #expect(decide(fields, request: "max-age=0", after: 601) == .validate)
        #expect(decide(fields, request: "no-cache", after: 1) == .validate)
    }

    @Test func minFreshAsksForTimeLeft() {
        let fields = [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")]
        #expect(decide(fields, request: "min-fresh=20", after: 30) == .useStored)
        #expect(decide(fields, request: "min-fresh=40", after: 30) == .validate)
    }

    @Test func maxStaleAcceptsStaleUnlessMustRevalidate() {
        #expect(decide([("Cache-Control", "max-age=60")], request: "max-stale=100", after: 110) == .useStored)
        #expect(decide([("Cache-Control", "max-age=60")], request: "max-stale=10", after: 110) == .network)
        #expect(decide([("Cache-Control", "max-age=60")], request: "max-stale", after: 100_000) == .useStored)
        #expect(
            decide([("Cache-Control", "max-age=60, must-revalidate")], request: "max-stale=100", after: 110) == .network
        )
    }

    @Test func onlyIfCachedNeverGoesToTheNetwork() {
        #expect(CacheDecision.decide(nil, request: CacheControl("only-if-cached"), now: t) == .unsatisfiable)
        #expect(decide([("Cache-Control", "max-age=60")], request: "only-if-cached", after: 10) == .useStored)
        #expect(decide([("Cache-Control", "max-age=60")], request: "only-if-cached", after: 61) == .unsatisfiable)
    }

    @Test func staleWhileRevalidateServesInsideItsWindow() {
        let fields = [("Cache-Control", "max-age=60, stale-while-revalidate=30"), ("ETag", "\"v1\"")]
        #expect(decide(fields, after: 80) == .useStaleAndRevalidate)
        #expect(decide(fields, after: 91) == .validate)
        #expect(decide(fields, request: "no-cache", after: 80) == .validate)
    }

    @Test func staleIfErrorInsideItsWindowOnly() {
        let entry = F.entry([("Cache-Control", "max-age=60, stale-if-error=100")])
        #expect(CacheDecision.mayServeStaleOnError(entry, request: CacheControl(), now: t.addingTimeInterval(150)))
        #expect(!CacheDecision.mayServeStaleOnError(entry, request: CacheControl(), now: t.addingTimeInterval(161)))
        let strict = F.entry([("Cache-Control", "max-age=60, stale-if-error=100, must-revalidate")])
        #expect(!CacheDecision.mayServeStaleOnError(strict, request: CacheControl(), now: t.addingTimeInterval(70)))
        // The request may ask for it too.
        let plain = F.entry([("Cache-Control", "max-age=60")])
        #expect(
            CacheDecision.mayServeStaleOnError(
                plain, request: CacheControl("stale-if-error=20"), now: t.addingTimeInterval(70)))
    }
}
