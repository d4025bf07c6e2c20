import Foundation
import Testing

@testable import Courier

@Suite("HTTP dates")
struct HTTPDateTests {
    /// RFC 9110 §5.6.7's example, in its three forms.
    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func readsTheThreeForms(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test(arguments: [
        "", "0", "-1", "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 99999999999 08:49:37 GMT",
    ])
    func rejectsWhatIsNoDate(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    /// RFC 9110 §5.6.7 read exactly: each form a date may be malformed in, as servers send them
    /// (the malformed `Expires` values of the HTTP caching tests among them). RFC 9111 §5.3 makes
    /// such an `Expires` a time in the past, so none may be read as the date it resembles.
    @Test(arguments: [
        "Thu, 18 Aug 2050 02:01:18 UTC",  // another spelling of the zone
        "Thu, 18 Aug 2050 02:01:18 AEST",  // another zone
        "Thu, 18 Aug 2050 02:01:18 +0000",  // a numeric zone (RFC 5322, not HTTP)
        "Thu, 18 Aug 2050 02:01:18",  // no zone
        "Thu, 18 Aug 50 02:01:18 GMT",  // a two-digit year in an IMF-fixdate
        "Thu 18 Aug 2050 02:01:18 GMT",  // no comma
        "Thu, 18  Aug  2050 02:01:18 GMT",  // two spaces
        "Thu,  18 Aug 2050 02:01:18 GMT",  // two spaces after the comma
        "Thu, 18-Aug-2050 02:01:18 GMT",  // dashes in an IMF-fixdate
        "Thu, 18 Aug 2050 02.01.18 GMT",  // dots in the time
        "Thu, 18 Aug 2050 2:01:18 GMT",  // a one-digit hour
        "Thu, 18 Aug 2050 02:1:18 GMT",  // a one-digit minute
        "Thu, 8 Aug 2050 02:01:18 GMT",  // a one-digit day in an IMF-fixdate
        "Thu, 18 August 2050 02:01:18 GMT",  // a long month name
        "Thursday, 18 Aug 2050 02:01:18 GMT",  // a long day name in an IMF-fixdate
        "Thu, 18-Aug-50 02:01:18 GMT",  // a short day name in an RFC 850 date
        "Thursday, 18-Aug-2050 02:01:18 GMT",  // a four-digit year in an RFC 850 date
        "Thu Aug 8 02:01:18 2050",  // asctime's one-digit day without its space
        "Thu Aug  8 02:01:18 50",  // asctime's two-digit year
        "Thu, 18 Aug 2050 02:01:18 GMT, Thu, 18 Aug 2050 02:01:19 GMT",  // two field lines joined
        "Thu, 18 Aug 2050 02:01:18 GMT x",  // anything after the date
        "Thu, 31 Apr 2050 02:01:18 GMT",  // a day the month does not have
        "Thu, 29 Feb 2050 02:01:18 GMT",  // not a leap year
        "Thu, 18 Aug 2050 02:60:18 GMT",  // minute 60
        "Thu, 18 Aug 2050 02:01:61 GMT",  // second 61
        "Thu,\t18 Aug 2050 02:01:18 GMT",  // a tab for the space
        "Thu, 18 Aug 2050 02:01:18 GMT\u{0}",  // a control character
        "Thu, 18 Aug 2050 02:01:18 ＧＭＴ",  // letters outside ASCII
    ])
    func rejectsEveryMalformedForm(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    /// Letters are read in any case (RFC 9110 asks recipients to be robust where that is safe), and
    /// the field's own whitespace at either end does not count.
    @Test(arguments: [
        "THU, 18 Aug 2050 02:01:18 GMT", "Thu, 18 AUG 2050 02:01:18 GMT", "Thu, 18 Aug 2050 02:01:18 gMT",
        "  Thu, 18 Aug 2050 02:01:18 GMT\t", "THURSDAY, 18-aug-50 02:01:18 gmt", "thu aug 18 02:01:18 2050",
    ])
    func readsLettersInAnyCase(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == Date(timeIntervalSince1970: 2_544_400_878))
    }

    static let now = Date(timeIntervalSince1970: 1_796_515_200)  // 2026-12-06

    /// RFC 9110 §5.6.7: an RFC 850 year is the one with its last two digits that is not more than
    /// 50 years ahead.
    @Test func placesATwoDigitYearWithinFiftyYearsAhead() {
        func year(_ text: String, now: Date = Self.now) -> Int? {
            HTTPDate.parse(text, now: now).map {
                Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: $0).year!
            }
        }
        #expect(year("Thursday, 18-Aug-50 02:01:18 GMT") == 2050)
        #expect(year("Thursday, 18-Aug-76 02:01:18 GMT") == 2076)
        #expect(year("Thursday, 18-Aug-77 02:01:18 GMT") == 1977)
        #expect(year("Thursday, 18-Aug-94 02:01:18 GMT") == 1994)
        let late = Date(timeIntervalSince1970: 3_786_912_000)  // 2090-01-01
        #expect(year("Thursday, 18-Aug-10 02:01:18 GMT", now: late) == 2110)
        #expect(year("Thursday, 18-Aug-95 02:01:18 GMT", now: late) == 2095)
    }

    @Test func readsALeapDayAndALeapSecond() {
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT") == Date(timeIntervalSince1970: 1_709_251_199))
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT") == Date(timeIntervalSince1970: 1_483_228_800))
    }

    @Test func formatsAnIMFFixdateThatReadsBack() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let later = Date(timeIntervalSince1970: 1_709_251_199)  // 2024-02-29 23:59:59, a leap day
        #expect(HTTPDate.format(later) == "Thu, 29 Feb 2024 23:59:59 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(later)) == later)
    }
}

@Suite("SHA-256")
struct SHA256DigestTests {
    /// FIPS 180-4's examples, and a message that spans two blocks after padding.
    @Test func matchesTheStandardsVectors() {
        #expect(SHA256Digest.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Digest.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
