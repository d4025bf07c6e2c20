/// One envelope, decoded in a single `JSONDecoder` pass: the status fields first, then the
/// payload through nested containers, and only when the status says success (a failure often
/// carries a `data` of another shape).
///
/// The layout is the decode's configuration (`JSONDecoder.decode(_:from:configuration:)`), so
/// the caller's `JSONDecoder`, often shared across the app, is never mutated to carry it.
struct EnvelopeBody<Payload: Decodable>: DecodableWithConfiguration {
    enum Verdict {
        case success(Payload)
        case payloadMissing
        case expired
        case failed(code: String, message: String?)
    }

    let verdict: Verdict

    init(from decoder: any Decoder, configuration layout: EnvelopeLayout) throws {
        let root = try decoder.container(keyedBy: AnyCodingKey.self)
        let code = try Self.scalar(ScalarText.self, at: layout.codePath, in: root)?.text
        let flag = try Self.scalar(SuccessFlag.self, at: layout.flagPath, in: root)?.value

        switch layout.verdict(code: code, flag: flag) {
        case .expired:
            verdict = .expired
        case .failed:
            verdict = .failed(code: code ?? "", message: Self.message(at: layout.messagePath, in: root))
        case .noCode:
            // Neither a code nor a flag: the body is not this envelope. Report the missing key
            // the way any decode would, so the description names it.
            throw Self.missingKey(at: layout.codePath, "The envelope has no business code.")
        case .flagMissing:
            throw Self.missingKey(at: layout.flagPath, "The envelope's success flag is missing from the body.")
        case .succeeded:
            verdict = try Self.payload(at: layout.dataPath, in: root, decoder: decoder)
        }
    }

    private typealias Container = KeyedDecodingContainer<AnyCodingKey>

    /// The error a decode reports for the absent key at the end of `path`.
    private static func missingKey(at path: [String], _ description: String) -> DecodingError {
        DecodingError.keyNotFound(
            AnyCodingKey(path.last ?? ""),
            DecodingError.Context(codingPath: path.dropLast().map { AnyCodingKey($0) }, debugDescription: description))
    }

    /// The container that holds the last component of `path`, or `nil` when an intermediate
    /// object is missing or `null`. An intermediate value that is not an object throws.
    private static func parent(of path: [String], in root: Container) throws -> Container? {
        var container = root
        for component in path.dropLast() {
            let key = AnyCodingKey(component)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        }
        return container
    }

    /// A status field: `nil` when the path is empty, missing or `null`.
    private static func scalar<Value: Decodable>(
        _ type: Value.Type, at path: [String], in root: Container
    ) throws -> Value? {
        guard let last = path.last, let container = try parent(of: path, in: root) else { return nil }
        return try container.decodeIfPresent(Value.self, forKey: AnyCodingKey(last))
    }

    /// The server's message; a message of an unexpected type is ignored rather than failing
    /// the classification of an error that is already certain.
    private static func message(at path: [String], in root: Container) -> String? {
        (try? scalar(ScalarText.self, at: path, in: root))?.text
    }

    private static func payload(at path: [String], in root: Container, decoder: any Decoder) throws -> Verdict {
        guard let last = path.last else {
            return .success(try decoder.singleValueContainer().decode(Payload.self))
        }
        let key = AnyCodingKey(last)
        guard let container = try parent(of: path, in: root), container.contains(key),
            try !container.decodeNil(forKey: key)
        else {
            // `Optional` is the one payload type for which "absent" is a value.
            guard let optional = Payload.self as? any OptionalPayload.Type, let none = optional.absent as? Payload
            else { return .payloadMissing }
            return .success(none)
        }
        return .success(try container.decode(Payload.self, forKey: key))
    }
}

/// Lets the envelope recognise `Optional<Wrapped>` whatever `Wrapped` is, and make its `nil`.
private protocol OptionalPayload {
    static var absent: Any { get }
}

extension Optional: OptionalPayload {
    fileprivate static var absent: Any { Self.none as Any }
}
