import Courier
import Foundation
import Testing

/// `SecretValues` as an app's own plugin uses it (public API only).
@Suite("SecretValues: masking for any plugin")
struct SecretValuesTests {
    @Test("a header's value and its credential are masked wherever a line echoes them")
    func headerPieces() {
        var secrets = SecretValues()
        secrets.add(header: "Authorization", value: "Bearer eyJ.token.sig")
        #expect(secrets.masked("Authorization: Bearer eyJ.token.sig") == "Authorization: ***")
        #expect(secrets.masked(#"{"echo":"eyJ.token.sig"}"#) == #"{"echo":"***"}"#)
        #expect(SecretValues.maskedCredential("Bearer eyJ.token.sig") == "Bearer ***")
    }

    @Test("a quoted cookie value is also found without its quotes")
    func quotedCookie() {
        var secrets = SecretValues()
        secrets.add(header: "Cookie", value: #"sid="s3cret-cookie"; theme=dark"#)
        #expect(secrets.masked("session s3cret-cookie expired") == "session *** expired")
        #expect(secrets.masked(#"sid=\"s3cret-cookie\""#) == #"sid=\"***\""#)
        #expect(secrets.masked("theme=dark") == "theme=***")
    }

    @Test("values shorter than the minimum are not searched for")
    func shortValues() {
        var secrets = SecretValues()
        secrets.add(["abc", "abcd"])
        #expect(secrets.masked("abc abcd") == "abc ***")
    }

    @Test("a cut line loses the start of a secret at its end")
    func cutLine() {
        var secrets = SecretValues()
        secrets.add(["s3cret-value"])
        #expect(secrets.maskedCut("token=s3cr") == "token=***")
        #expect(secrets.maskedCut("token=s3cret-value") == "token=***")
    }
}
