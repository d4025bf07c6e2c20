/// A ``JSONEnvelope``'s configuration, split into key paths once, in the form the one-pass
/// decoder reads.
///
/// It reaches ``EnvelopeBody`` as the decode's configuration, so the caller's `JSONDecoder`
/// (often shared across the app) is never mutated to carry it.
struct EnvelopeLayout: Hashable, Sendable {
    var codePath: [String]
    var messagePath: [String]
    var dataPath: [String]
    /// Empty when the envelope has no success flag.
    var flagPath: [String]
    var successCodes: Set<String>
    var expiredCodes: Set<String>

    /// What the status fields say, before any payload is read.
    func verdict(code: String?, flag: Bool?) -> StatusVerdict {
        if let code, expiredCodes.contains(code) { return .expired }
        if flag == false { return .failed }
        if !flagPath.isEmpty, flag == nil {
            // A configured flag that is absent means the envelope does not match the body; a
            // failure code still says how the call went.
            if let code, !successCodes.isEmpty, !successCodes.contains(code) { return .failed }
            return .flagMissing
        }
        if successCodes.isEmpty { return .succeeded }
        guard let code else { return flag == true ? .succeeded : .noCode }
        return successCodes.contains(code) ? .succeeded : .failed
    }

    enum StatusVerdict {
        case succeeded
        case failed
        case expired
        /// Neither a code nor a flag says how the call went.
        case noCode
        /// The configured success flag is absent, and no failure code makes it moot.
        case flagMissing
    }
}
