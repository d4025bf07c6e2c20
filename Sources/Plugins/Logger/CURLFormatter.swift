import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes a request as a `curl` command that a shell runs as it is.
///
/// Every argument is single-quoted (a `'` inside becomes `'\''`), so `$`, `` ` ``, `!` and
/// spaces in headers, bodies and URLs reach curl unchanged. An argument with control
/// characters is ANSI-C quoted instead (`$'a\nb\x1b'`, which bash and zsh read), so that a
/// newline or an escape in a body can neither start a log line of its own nor reach a terminal.
/// Arguments go on lines of their own, joined by ` \` continuations.
enum CURLFormatter {
    /// The command for `request`.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - url: its URL as the command shows it (secrets masked).
    ///   - headers: its headers.
    ///   - headerValue: the value to print for each header (secrets masked).
    ///   - body: the body argument to print (`nil` for none); the caller has cut or summarised it.
    static func command(
        for request: URLRequest, url: String, headers: [String: String],
        headerValue: (_ name: String, _ value: String) -> String,
        body: String?
    ) -> String {
        var arguments = ["curl", "-v"]
        let method = request.httpMethod ?? "GET"
        if method == "HEAD" {
            arguments.append("--head")
        } else if method != "GET" || body != nil {
            arguments += ["-X", method.allSatisfy(\.isLetter) ? method : quote(method)]
        }
        for (name, value) in NetworkLoggerPlugin.sorted(headers) {
            let shown = headerValue(name, value)
            // `Name;` is how curl sends a header with an empty value.
            arguments += ["-H", quote(shown.isEmpty ? "\(name);" : "\(name): \(shown)")]
        }
        if let body {
            arguments += ["--data-binary", quote(body)]
        }
        // Without --globoff curl treats [] and {} in a URL as ranges and sets.
        if url.contains(where: { "[]{}".contains($0) }) { arguments.append("--globoff") }
        arguments.append(quote(url))
        return arguments.joined(separator: " \\\n\t")
    }

    /// `text` as one shell word: single-quoted, or ANSI-C quoted when it has control characters.
    static func quote(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: LogText.needsEscape) else {
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
        }
        var quoted = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += #"\\"#
            case "'": quoted += #"\'"#
            case "\n": quoted += #"\n"#
            case "\r": quoted += #"\r"#
            case _ where LogText.needsEscape(scalar):
                // `\u` needs bash 4.2; `\x` with the character's UTF-8 bytes works everywhere `$'` does.
                for byte in String(scalar).utf8 { quoted += (byte < 0x10 ? #"\x0"# : #"\x"#) + String(byte, radix: 16) }
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
