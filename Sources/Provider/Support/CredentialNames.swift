import Foundation

/// The one rule for names that look like credentials, wherever the name stands: a header, a
/// query item, a JSON member, a form field. ``SecretMasking`` masks by it (so the logger and the
/// recorder do), a plain-HTTP call is refused by it (``InsecureCredentialsError``), and the HTTP
/// cache keeps answers to requests with such headers apart by their values (``CacheKey``): a name
/// one of them treats as a credential, the others do too. An app adds names of its own
/// (``ProviderOptions/credentialHeaderNames``) for the provider's rules, and the same names to
/// ``SecretMasking`` for its logs and recordings.
///
/// A name (compared case-insensitively) is a credential when it is one of ``names``; when it
/// contains one of ``fragments`` (`X-Session-Id`, `X-CSRF-Token`, `PHPSESSID`, `newPassword`);
/// or when one of its words is `auth` or `oauth`, or starts with `authoriz` (`X-Auth-User`,
/// `authToken`, `Proxy-Authorization`), words being split at punctuation and at a lowercase
/// letter followed by a capital. `author` and `monkey` are not credentials.
enum CredentialNames {
    /// Names that are credentials as a whole, lowercased: too short or too common to be found
    /// inside other names (`key`, `sid`, `auth`).
    static let names: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "cookies", "x-api-key", "api-key", "key",
        "api_key", "apikey", "access_token", "refresh_token", "id_token", "token", "auth", "password", "passwd",
        "pwd", "secret", "client_secret", "signature", "sig", "session", "sessionid", "sid",
    ]

    /// Parts of a name that make it a credential wherever they stand in it, lowercased.
    static let fragments = [
        "token", "secret", "password", "passwd", "signature", "api_key", "api-key", "apikey", "session", "sessid",
        "csrf", "xsrf",
    ]

    /// Whether `name` looks like the name of a credential, or is one of `extra` (lowercased names
    /// an app added; any case of `name` matches).
    static func contains(_ name: String, extra: Set<String>) -> Bool {
        contains(name) || (!extra.isEmpty && extra.contains(name.lowercased()))
    }

    /// Whether `name` looks like the name of a credential.
    static func contains(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if names.contains(lowered) || fragments.contains(where: { lowered.contains($0) }) { return true }
        return words(of: name).contains { word in
            word == "auth" || word == "oauth" || word.hasPrefix("authoriz")
        }
    }

    /// The words of `name`, lowercased: split at anything but a letter or a digit, and where a
    /// lowercase letter is followed by a capital (`authToken` is `auth`, `token`).
    private static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previousIsLowercase = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !word.isEmpty { words.append(word) }
                word = ""
                previousIsLowercase = false
                continue
            }
            if character.isUppercase, previousIsLowercase, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word += character.lowercased()
            previousIsLowercase = character.isLowercase
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
