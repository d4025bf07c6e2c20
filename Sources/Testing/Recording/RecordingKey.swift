import Foundation

/// What identifies a recorded request, and the name of its file.
///
/// The key is the method, the path and the query items sorted by name, with secret values
/// masked — so a fresh token still finds its recording, and no secret the request carries
/// reaches a file name — and, when the recorder is told so, a digest of the body's fields.
/// The host is not part of it: a recording made against one server replays against any
/// base URL.
///
/// The file name spells the key out so that a reader finds a request's file at a glance:
///
/// | request                                  | file                                     |
/// |------------------------------------------|------------------------------------------|
/// | `GET /status/418`                        | `GET_status_418.json`                    |
/// | `GET /get?token=…&page=1`                | `GET_get@page=1&token=masked.json`       |
/// | the same request, second call            | `GET_get@page=1&token=masked~2.json`     |
/// | `GET /search?q=a%20b` (needs escaping)   | `GET_search@q=a-20b~h56a62e25.json`      |
/// | `POST /login` with the body in the key   | `POST_login~b5d41402a.json`              |
///
/// Path slashes become `_`, the query follows `@`, and a masked value is written `masked`.
/// When anything else had to be replaced (a character outside `A-Z a-z 0-9 . = & , + - _`, or
/// an `_` in the path) or the name is long, `~h` and a stable hash of the whole key are
/// appended, so two requests never share a file and the name never changes between runs.
/// (On a case-insensitive disk, paths that differ only in case would share a file; the `key`
/// stored in each file lets the replay report that instead of answering wrongly.)
struct RecordingKey: Equatable, Sendable, CustomStringConvertible {
    /// `GET /get?page=1&token=***`, plus ` body:1a2b3c4d` when the body is part of the key.
    let description: String
    /// The file name without the call number and extension.
    let stem: String
    /// The full URL with every secret masked, to show in a recording or an error message.
    let maskedURL: String

    private static let maximumStemLength = 120
    private static let verbatim = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.=&,+-")

    init(_ request: SentRequest, masking: SecretMasking, includingBody: Bool) {
        // Secrets the request carries (a token, a Basic password) are masked wherever they
        // appear in its path or query too, so they never reach a file name.
        var secrets = ExchangeSecrets(masking: masking)
        secrets.collect(from: request)
        let method = request.method.uppercased()
        maskedURL = request.url.map { secrets.scrub(masking.masked($0).absoluteString) } ?? ""
        let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let rawPath = components?.percentEncodedPath ?? ""
        let path = secrets.scrub(rawPath.isEmpty ? "/" : rawPath)
        let items = (components?.percentEncodedQueryItems ?? []).map { item -> (name: String, value: String?) in
            let name = item.name.removingPercentEncoding ?? item.name
            guard let value = item.value else { return (item.name, nil) }
            return (item.name, masking.isSecret(queryItem: name) ? SecretMasking.mask : secrets.scrub(value))
        }
        .sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }

        var description = "\(method) \(path)"
        if !items.isEmpty {
            description +=
                "?"
                + items.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
                .joined(separator: "&")
        }
        let bodyDigest = includingBody ? Self.bodyDigest(of: request, secrets: secrets) : nil
        if let bodyDigest { description += " body:\(bodyDigest)" }
        self.description = description

        var lossy = false
        var stem = Self.slug(method, lossy: &lossy) + Self.slug(path, slashesAs: "_", lossy: &lossy)
        if !items.isEmpty {
            stem +=
                "@"
                + items.map { item -> String in
                    let name = Self.slug(item.name, lossy: &lossy)
                    guard let value = item.value else { return name }
                    guard value == SecretMasking.mask else { return "\(name)=\(Self.slug(value, lossy: &lossy))" }
                    // `masked` is unambiguous only where every value is masked.
                    if !masking.isSecret(queryItem: item.name.removingPercentEncoding ?? item.name) { lossy = true }
                    return "\(name)=masked"
                }
                .joined(separator: "&")
        }
        if stem.count > Self.maximumStemLength {
            stem = String(stem.prefix(Self.maximumStemLength))
            lossy = true
        }
        if lossy { stem += "~h" + StableHash.hex8(description) }
        if let bodyDigest { stem += "~b" + bodyDigest }
        self.stem = stem
    }

    /// Two keys are equal when they name the same recording, whatever the host.
    static func == (lhs: RecordingKey, rhs: RecordingKey) -> Bool {
        lhs.description == rhs.description && lhs.stem == rhs.stem
    }

    /// The file of call `number` (1 for the first) of this request.
    func fileName(call number: Int) -> String {
        number <= 1 ? "\(stem).json" : "\(stem)~\(number).json"
    }

    /// `text` with every character outside the verbatim set replaced by `-` (runs collapsed),
    /// and `/` by `slashReplacement` when one is given; `lossy` is set when anything else was
    /// replaced. `_` is kept, except where it stands for `/`.
    private static func slug(_ text: String, slashesAs slashReplacement: Character? = nil, lossy: inout Bool)
        -> String
    {
        var result = ""
        for character in text {
            if character == "/", let slashReplacement {
                result.append(slashReplacement)
            } else if verbatim.contains(character) || (character == "_" && slashReplacement == nil) {
                result.append(character)
            } else {
                lossy = true
                if result.last != "-" { result.append("-") }
            }
        }
        return result
    }

    /// A digest of the body's meaning: a form's sorted fields, a JSON body's canonical form,
    /// both with secrets masked, or the bytes; `nil` for no body.
    private static func bodyDigest(of request: SentRequest, secrets: ExchangeSecrets) -> String? {
        guard let body = request.body, !body.isEmpty else { return nil }
        if let json = JSONValue.parse(body) {
            return StableHash.hex8(secrets.scrub(json).canonicalData)
        }
        let form = SentRequest.formItems(in: body)
        if !form.isEmpty, let text = request.bodyString, !text.contains("\n") {
            let fields = form.map { item -> String in
                let secret = secrets.masking.isSecret(bodyKey: item.name)
                return "\(item.name)=\(secret ? SecretMasking.mask : secrets.scrub(item.value ?? ""))"
            }
            return StableHash.hex8(fields.sorted().joined(separator: "&"))
        }
        return StableHash.hex8(body)
    }
}
