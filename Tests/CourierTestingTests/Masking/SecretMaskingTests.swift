import CourierTesting
import Foundation
import Testing

@Suite("Secret masking rules")
struct SecretMaskingTests {
    @Test func secretQueryValuesAndPasswordsAreMaskedInURLs() throws {
        let url = try #require(URL(string: "https://ada:pa55word@x.dev/a?page=2&token=s3cr3t&deviceToken=d1&key=k"))

        let masked = SecretMasking.default.masked(url).absoluteString

        #expect(masked == "https://ada:***@x.dev/a?page=2&token=***&deviceToken=***&key=k")
    }

    @Test func moreQueryItemsCanBeDeclared() throws {
        let url = try #require(URL(string: "https://x.dev/a?key=k&sign=s"))
        let masking = SecretMasking(maskedQueryItems: ["key", "sign"])

        #expect(masking.masked(url).absoluteString == "https://x.dev/a?key=***&sign=***")
    }

    @Test func headerValuesKeepTheirSchemeAndCookieNames() {
        let masking = SecretMasking.default

        #expect(masking.maskedValue(ofHeader: "authorization", value: "Bearer abc") == "Bearer ***")
        #expect(masking.maskedValue(ofHeader: "X-API-Key", value: "k-123") == "***")
        #expect(
            masking.maskedValue(ofHeader: "Set-Cookie", value: "sid=abc; Path=/; HttpOnly")
                == "sid=***; Path=/; HttpOnly")
        #expect(masking.maskedValue(ofHeader: "Cookie", value: "a=1; b=2") == "a=***; b=***")
        #expect(
            masking.maskedValue(ofHeader: "Set-Cookie", value: "a=x1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=y2")
                == "a=***; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=***",
            "Foundation joins several Set-Cookie headers with commas")
        #expect(masking.maskedValue(ofHeader: "X-Trace", value: "t-1") == "t-1")
    }

    @Test func namesWithTokenSecretOrPasswordAreAlwaysSecret() {
        let masking = SecretMasking.default

        #expect(masking.isSecret(header: "X-Auth-Token"))
        #expect(masking.isSecret(header: "Proxy-Authorization"))
        #expect(!masking.isSecret(header: "Content-Type"))
        #expect(masking.isSecret(queryItem: "client_secret"))
        #expect(masking.isSecret(bodyKey: "newPassword"))
        #expect(masking.isSecret(bodyKey: "Authorization"), "httpbin echoes headers in bodies")
        #expect(!masking.isSecret(bodyKey: "user"))
        #expect(SecretMasking(maskedHeaders: ["X-Device-Id"]).isSecret(header: "x-device-id"))
    }
}
