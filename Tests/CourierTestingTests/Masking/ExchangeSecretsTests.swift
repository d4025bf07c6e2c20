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
}
