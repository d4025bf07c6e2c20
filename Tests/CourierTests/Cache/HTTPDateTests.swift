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
