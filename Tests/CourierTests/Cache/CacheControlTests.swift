import Foundation
import Testing

@testable import Courier

@Suite("Cache-Control directives")
struct CacheControlTests {
    @Test func readsEveryDirectiveThePrivateCacheActsOn() {
        let control = CacheControl(
            "no-store, no-cache, must-revalidate, private, public, immutable, only-if-cached, max-age=60, "
                + "max-stale=5, min-fresh=7, stale-while-revalidate=30, stale-if-error=86400")
        #expect(control.noStore && control.noCache && control.mustRevalidate && control.isPrivate)
        #expect(control.isPublic && control.immutable && control.onlyIfCached)
        #expect(control.maxAge == 60 && control.maxStale == 5 && control.minFresh == 7)
        #expect(control.staleWhileRevalidate == 30 && control.staleIfError == 86_400)
    }

    @Test func namesAreCaseInsensitiveAndQuotedValuesAreRead() {
        let control = CacheControl(#"Max-Age="120", NO-CACHE="Set-Cookie, X-A", Private"#)
        #expect(control.maxAge == 120)
        #expect(control.noCache)
        #expect(control.isPrivate)
    }

    @Test func theFirstOfTwoDirectivesCounts() {
        #expect(CacheControl("max-age=10, max-age=1000").maxAge == 10)
    }

    /// RFC 9111 §4.2.1: a lifetime that is not a number makes the response stale.
    @Test func aValueThatIsNotANumberIsZero() {
        #expect(CacheControl("max-age=soon").maxAge == 0)
        #expect(CacheControl("max-age=-5").maxAge == 0)
        #expect(CacheControl("max-age").maxAge == 0)
    }

    /// §1.2.2: delta-seconds larger than 2^31 are capped there, not trapped on.
    @Test func aHugeValueIsCapped() {
        #expect(CacheControl("max-age=99999999999999999999999").maxAge == CacheControl.deltaSecondsLimit)
    }

    @Test func maxStaleWithoutAValueAcceptsAnyStaleness() {
        #expect(CacheControl("max-stale").maxStale == Int.max)
    }

    @Test func unknownDirectivesAndEmptyItemsAreIgnored() {
        let control = CacheControl(",, community=\"UCI\", , max-age=5,")
        #expect(control.maxAge == 5)
        #expect(!control.noStore)
        #expect(CacheControl(nil) == CacheControl())
    }
}
