import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes a request as a `curl` command that a shell runs as it is.
///
/// Every argument is single-quoted (a `'` inside becomes `'\''`), so `$`, `` ` ``, `!`, spaces
/// and newlines in headers, bodies and URLs reach curl unchanged. Arguments go on lines of
/// their own, joined by ` \` continuations.
enum CURLFormatter {
    /// The command for `request`.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - headers: its headers.
    ///   - headerValue: the value to print for each header (secrets masked).
    ///   - body: the body argument to print (`nil` for none); the caller has cut or summarised it.
    static func command(
        for request: URLRequest, headers: [String: String], headerValue: (_ name: String, _ value: String) -> String,
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
        let url = request.url?.absoluteString ?? ""
        // Without --globoff curl treats [] and {} in a URL as ranges and sets.
        if url.contains(where: { "[]{}".contains($0) }) { arguments.append("--globoff") }
        arguments.append(quote(url))
        return arguments.joined(separator: " \\\n\t")
    }

    /// `text` as one single-quoted shell word.
    static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
