#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// Which `http://` requests the environment sends through a proxy, read as curl reads it.
    @Suite("Proxy settings")
    struct ProxySettingsTests {
        private let url = URL(string: "http://api.example.com:8080/x")

        @Test("lowercase http_proxy names a proxy; uppercase HTTP_PROXY alone does not, as for curl")
        func httpProxy() {
            #expect(ProxySettings(environment: ["http_proxy": "http://proxy:3128"]).proxies(url))
            #expect(!ProxySettings(environment: ["HTTP_PROXY": "http://proxy:3128"]).proxies(url))
            #expect(!ProxySettings(environment: ["http_proxy": "  "]).proxies(url))
            #expect(!ProxySettings(environment: [:]).proxies(url))
        }

        @Test("all_proxy and ALL_PROXY name a proxy for http too", arguments: ["all_proxy", "ALL_PROXY"])
        func allProxy(name: String) {
            #expect(ProxySettings(environment: [name: "http://proxy:3128"]).proxies(url))
        }

        @Test(
            "no_proxy lists hosts that bypass it: exact, subdomains, leading dot, *, any case",
            arguments: [
                ("api.example.com", false), ("example.com", false), (".example.com", false), ("*", false),
                ("other.com, EXAMPLE.COM ", false), ("xample.com", true), ("api.example.com.evil", true),
                ("other.com", true), ("", true),
            ])
        func noProxy(list: String, proxied: Bool) {
            let settings = ProxySettings(environment: ["http_proxy": "http://proxy:3128", "no_proxy": list])
            #expect(settings.proxies(url) == proxied)
        }

        @Test("NO_PROXY counts when no_proxy is absent")
        func uppercaseNoProxy() {
            let settings = ProxySettings(environment: ["http_proxy": "http://p:1", "NO_PROXY": "example.com"])
            #expect(!settings.proxies(url))
        }

        @Test("https:// URLs read https_proxy or HTTPS_PROXY, then all_proxy; http_proxy is not theirs")
        func httpsProxy() {
            let secure = URL(string: "https://api.example.com/x")
            #expect(!ProxySettings(environment: ["http_proxy": "http://p:1"]).proxies(secure))
            #expect(ProxySettings(environment: ["https_proxy": "http://p:1"]).proxies(secure))
            #expect(ProxySettings(environment: ["HTTPS_PROXY": "http://p:1"]).proxies(secure))
            #expect(ProxySettings(environment: ["all_proxy": "http://p:1"]).proxies(secure))
            #expect(!ProxySettings(environment: ["https_proxy": "http://p:1"]).proxies(url))
            #expect(
                !ProxySettings(environment: ["https_proxy": "http://p:1", "no_proxy": "example.com"]).proxies(secure))
            #expect(!ProxySettings(environment: ["https_proxy": "http://p:1"]).proxies(URL(string: "ftp://a.example/")))
            #expect(!ProxySettings(environment: ["http_proxy": "http://p:1"]).proxies(nil))
        }

        #if os(Linux)
            @Test("the native transport refuses a proxied URL with a typed error instead of going around the proxy")
            func refusal() {
                let settings = ProxySettings(environment: ["http_proxy": "http://p:1", "no_proxy": "localhost"])
                #expect(throws: HTTPRequestError.proxyNotSupported(url)) {
                    try HTTP1Transport.refuseProxied(url, settings: settings)
                }
                #expect(throws: Never.self) {
                    try HTTP1Transport.refuseProxied(URL(string: "http://localhost:1/x"), settings: settings)
                }
            }
        #endif
    }
#endif
