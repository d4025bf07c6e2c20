import Foundation
import Testing

@testable import CourierTesting

@Suite("Exchange secrets: what a recording scrubs")
struct ExchangeSecretsTests {
    @Test("a secret with non-ASCII letters is scrubbed where a URL percent-encodes it")
    func nonASCIISecretIsFoundPercentEncoded() {
        var secrets = ExchangeSecrets(masking: .default)
        secrets.collect(headers: ["Authorization": "Bearer pässwort-1234"])

        let echoed = #"{"url": "https://x.dev/anything?auth=p%C3%A4sswort-1234", "token": "pässwort-1234"}"#

        #expect(secrets.scrub(echoed) == #"{"url": "https://x.dev/anything?auth=***", "token": "***"}"#)
    }

    @Test("a whole credential is masked before its parts, and short values are not searched for")
    func longestFirstAndShortValuesLeft() {
        var secrets = ExchangeSecrets(masking: .default)
        secrets.collect(headers: ["Authorization": "Bearer abc123xyz", "Cookie": "sid=s3ss10n; lang=en"])

        #expect(secrets.scrub("Bearer abc123xyz / abc123xyz") == "*** / ***")
        #expect(secrets.scrub("sid=s3ss10n lang=en") == "sid=*** lang=en", "`en` is too short to search for")
    }

    @Test("an occurrence that overlaps another occurrence of the same secret is masked too")
    func overlappingOccurrences() {
        var secrets = ExchangeSecrets(masking: .default)
        secrets.collect(headers: ["Authorization": "Bearer QQQQQab", "Cookie": "sid=abab"])

        #expect(secrets.scrub("QQQQQababab") == "***")
    }

    @Test("a secret echoed with its accents decomposed (or composed) is masked")
    func accentsComposedOrDecomposed() {
        let composed = "caf\u{E9}-token-9"
        let decomposed = "cafe\u{301}-token-9"
        for (sent, echoed) in [(composed, decomposed), (decomposed, composed)] {
            var secrets = ExchangeSecrets(masking: .default)
            secrets.collect(headers: ["X-API-Key": sent])

            #expect(secrets.scrub("key: \(echoed).") == "key: ***.")
        }
    }

    @Test("a cookie value padded with a no-break space is found without it")
    func cookieValueTrimmedOfUnicodeSpaces() {
        var secrets = ExchangeSecrets(masking: .default)
        secrets.collect(headers: ["Cookie": "sid=\u{A0}s3ss10n-value\u{A0}; lang=en"])

        #expect(secrets.scrub("echo s3ss10n-value") == "echo ***")
    }
}
