/// Why the chain's cookie rules refused a `Set-Cookie` field (RFC 6265bis §5.6, §5.7). A refused
/// cookie is not stored and changes nothing in the storage; the answer is used as it came.
enum CookieRefusal: Error, Equatable, Sendable {
    /// A control character other than tab (`%x00-08`, `%x0A-1F`, `%x7F`) anywhere in the field:
    /// in its name, its value or an attribute.
    case controlCharacter
    /// No name: `=value`, or no `=` at all (RFC 6265's rule, and OkHttp's).
    case noName
    /// The name and the value together are longer than ``CookieSyntax/maximumNameAndValueBytes``.
    case tooLarge
    /// The answer's URL has no host to keep the cookie for.
    case noHost
    /// `Secure` from an answer that did not come over `https`.
    case secureFromPlainHTTP
    /// A `Domain` with a character outside ASCII (an internationalized name is written in its
    /// `xn--` form).
    case nonASCIIDomain
    /// A `Domain` the host is not in: another site, or a name below the host.
    case domainMismatch
    /// A `Domain` that is a public suffix (`com`, `co.uk`, `github.io`: ``PublicSuffixList``) and
    /// not the host itself, which would hand the cookie to every site under it.
    case publicSuffixDomain
    /// A `Domain` other than the address itself on a host that is an IP address.
    case domainOnIPAddress
    /// A `__Secure-` cookie without `Secure`, or a `__Host-` cookie without `Secure`, with a
    /// `Domain` or without `Path=/`.
    case prefixRequirements
    /// A cookie without `Secure`, from plain HTTP, that would overwrite or shadow a `Secure`
    /// cookie of the same name ("leave secure cookies alone").
    case shadowsSecureCookie
}
