import Foundation
import Testing

@testable import Courier

/// RFC 6265 §5.1.1's cookie-date, as user agents read `Expires`.
@Suite("Cookies: Expires dates")
struct CookieDateTests {
    private static let june9 = Date(timeIntervalSince1970: 1_623_233_894)  // 2021-06-09 10:18:14 UTC

    @Test(
        "the spellings servers send read as one instant",
        arguments: [
            "Wed, 09 Jun 2021 10:18:14 GMT", "Wednesday, 09-Jun-21 10:18:14 GMT", "Wed Jun  9 10:18:14 2021",
            "09 June 2021 10:18:14", "Wed, 09-JUN-2021 10:18:14 UTC", "10:18:14 2021 jun 9",
            "Wed, 09 Jun 2021 10:18:14 +0200",
        ])
    func spellings(written: String) {
        #expect(CookieDate.parse(written) == Self.june9)
    }

    @Test("two-digit years: 70 to 99 are 19xx, 0 to 69 are 20xx")
    func twoDigitYears() {
        #expect(CookieDate.parse("01 Jan 70 00:00:00") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("01 Jan 69 00:00:00") == Date(timeIntervalSince1970: 3_124_224_000))
    }

    @Test("the epoch and a leap day")
    func exactDays() {
        #expect(CookieDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("Thu, 29 Feb 2024 23:59:59 GMT") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test(
        "what is no date",
        arguments: [
            "", "tomorrow", "Wed, 09 Jun 2021", "Wed, 09 Jun 10:18:14 GMT", "Wed, 32 Jun 2021 10:18:14 GMT",
            "Wed, 31 Jun 2021 10:18:14 GMT", "29 Feb 2023 10:18:14", "09 Jun 2021 24:00:00", "09 Jun 2021 10:60:00",
            "09 Jun 1600 10:18:14", "09 Jnu 2021 10:18:14", "09 Jun 20211 10:18:14",
        ])
    func notADate(written: String) {
        #expect(CookieDate.parse(written) == nil)
    }
}
