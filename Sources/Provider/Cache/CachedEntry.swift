import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stored response: what was received, when, and what RFC 9111 needs of it, worked out once
/// when it is stored (or read back from disk) so a hit parses nothing.
struct CachedEntry: Sendable {
    let key: CacheKey
    let status: Int
    /// The response's header fields as received, less `Age` (a served copy gets its own), the
    /// cookies it set, and the fields of the connection it came on (``kept(_:)``).
    let fields: [HeaderField]
    let body: Data
    /// The request headers the response's `Vary` names, with the values the request had (empty
    /// when it had none).
    let varyFields: [HeaderField]
    /// When the request was sent and the response received, on the wall clock (entries outlive
    /// the process).
    let requestTime: Date
    let responseTime: Date

    let control: CacheControl
    /// The freshness lifetime, in seconds (§4.2.1).
    let lifetime: TimeInterval
    /// The `corrected_initial_age`, in seconds (§4.2.3).
    let initialAge: TimeInterval
    /// What the entry weighs against a store's byte limit.
    let byteCount: Int

    init(
        key: CacheKey, status: Int, fields: [HeaderField], body: Data, varyFields: [HeaderField], requestTime: Date,
        responseTime: Date
    ) {
        self.key = key
        self.status = status
        self.body = body
        self.varyFields = varyFields
        self.requestTime = requestTime
        self.responseTime = responseTime
        let ageField = Self.value("Age", in: fields)
        self.fields = Self.kept(fields)
        control = CacheControl(Self.value("Cache-Control", in: fields))
        let date = Self.value("Date", in: fields).flatMap { HTTPDate.parse($0) }
        lifetime = Freshness.lifetime(
            status: status, control: control, date: date ?? responseTime, expires: Self.value("Expires", in: fields),
            lastModified: Self.value("Last-Modified", in: fields).flatMap { HTTPDate.parse($0) })
        initialAge = Freshness.initialAge(
            ageField: ageField, date: date, requestTime: requestTime, responseTime: responseTime)
        byteCount =
            body.count + key.url.utf8.count + 64
            + self.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// Fields no entry keeps, however it is made (stored, refreshed by a `304`, read from disk):
    /// - `Age`: a served copy gets its own;
    /// - `Set-Cookie`/`Set-Cookie2`, which set a cookie for the user the answer went to and would
    ///   hand it to whoever gets the stored copy: after a logout, the next user;
    /// - the fields of the connection the answer came on, which RFC 9111 §3.1 keeps out of a cache:
    ///   `Connection` and RFC 9110 §7.6.1's hop-by-hop fields, and the proxy's authentication fields
    ///   (the entry is not keyed by proxy). The fields a `Connection` names go too (``kept(_:)``).
    static let unkeptFields: Set<String> = [
        "age", "set-cookie", "set-cookie2", "connection", "proxy-connection", "keep-alive", "te",
        "transfer-encoding", "upgrade", "proxy-authenticate", "proxy-authentication-info", "proxy-authorization",
    ]

    /// `fields` less the ``unkeptFields`` and those their `Connection` lines name.
    static func kept(_ fields: [HeaderField]) -> [HeaderField] {
        var dropped = unkeptFields
        for field in fields where field.name.caseInsensitiveEquals("Connection") {
            for option in field.value.split(separator: ",") {
                let name = option.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty { dropped.insert(name) }
            }
        }
        return fields.filter { !dropped.contains($0.name.lowercased()) }
    }

    /// A field of the stored response, repeated lines joined with `", "`.
    func value(_ name: String) -> String? {
        Self.value(name, in: fields)
    }

    static func value(_ name: String, in fields: [HeaderField]) -> String? {
        var joined: String?
        for field in fields where field.name.caseInsensitiveEquals(name) {
            joined = joined.map { $0 + ", " + field.value } ?? field.value
        }
        return joined
    }

    /// The `current_age` at `now` (§4.2.3).
    func age(at now: Date) -> TimeInterval {
        initialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// How long past its lifetime the entry is at `now`; negative while it is fresh.
    func staleness(at now: Date) -> TimeInterval {
        age(at: now) - lifetime
    }

    /// Whether the entry has a validator for a conditional request.
    var hasValidator: Bool { value("ETag") != nil || value("Last-Modified") != nil }

    /// Whether `request` sends the same values of the headers the response's `Vary` named (§4.1).
    func matches(_ request: URLRequest) -> Bool {
        varyFields.allSatisfy { field in
            Self.normalized(request.value(forHTTPHeaderField: field.name) ?? "") == field.value
        }
    }

    /// A request header's value as `Vary` compares it: whitespace around commas does not count.
    static func normalized(_ value: String) -> String {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
    }

    /// The entry after a `304` answered a conditional request for it (§4.3.4): the stored fields
    /// that the `304` sends again are replaced by its values (except `Content-Length` and
    /// `Content-Encoding`, which describe the `304`'s own empty body, and the fields no entry keeps,
    /// ``kept(_:)``), and the times are those of the revalidation.
    func updated(with notModified: [HeaderField], requestTime: Date, responseTime: Date) -> CachedEntry {
        let skipped: Set<String> = ["content-length", "content-encoding"]
        let replacing = Self.kept(notModified).filter { !skipped.contains($0.name.lowercased()) }
        let names = Set(replacing.map { $0.name.lowercased() })
        let merged = fields.filter { !names.contains($0.name.lowercased()) } + replacing
        return CachedEntry(
            key: key, status: status, fields: merged, body: body, varyFields: varyFields, requestTime: requestTime,
            responseTime: responseTime)
    }

    /// The entry as the chain's answer to `request` (see ``response(to:kind:now:)``); fails only
    /// where Foundation cannot make an `HTTPURLResponse` at all (``TransportResponse/init(head:data:)``).
    func answer(to request: URLRequest, kind: CacheOrigin.Kind, now: Date) throws -> HopAnswer {
        let response = response(to: request, kind: kind, now: now)
        guard let answer = TransportResponse(head: response.head, data: response.data) else {
            throw TransportError.notHTTP
        }
        return HopAnswer(answer, cacheOrigin: response.cacheOrigin)
    }

    /// The entry as an answer to `request`, with an `Age` field (§4: a cache sends one) and its
    /// origin: a `206` of the one byte range the request asks for when it may be cut (``CacheRange``),
    /// else the whole stored answer.
    func response(to request: URLRequest, kind: CacheOrigin.Kind, now: Date) -> Response {
        let age = age(at: now)
        let servedStale = kind == .staleWhileRevalidate || kind == .staleIfError || kind == .offlineFallback
        // A revalidated answer was just confirmed by the server, whatever its lifetime.
        let isStale = kind != .revalidated && (servedStale || age >= lifetime)
        let origin = CacheOrigin(kind: kind, age: age, isStale: isStale)
        let url = request.url ?? URL(fileURLWithPath: "/")
        var (served, servedBody, servedStatus) = (fields, body, status)
        if let range = CacheRange.requested(by: request, of: self) {
            (served, servedBody) = range.cut(self)
            servedStatus = 206
        }
        served.append(HeaderField(name: "Age", value: String(Int(min(age, TimeInterval(Int32.max))))))
        let head = ResponseHead(url: url, statusCode: servedStatus, version: "HTTP/1.1", fields: served)
        return Response(statusCode: servedStatus, data: servedBody, request: request, head: head, cacheOrigin: origin)
    }
}
