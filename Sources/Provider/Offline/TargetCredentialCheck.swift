import Foundation

/// Whether a target about to be written to disk carries a credential: a member of its JSON, at any
/// depth, whose name is a credential's by the one rule (``CredentialNames``, through
/// ``SecretMasking/default``). Tokens are the plugins' to add when a call is sent; an outbox
/// refuses a target that would write one (``OutboxError/credentialInTarget(field:)``).
///
/// It reads the names of the line's JSON as a lexer does (every string followed by a colon),
/// without parsing the whole: the line was just encoded by `JSONEncoder`, and an enqueue should
/// cost little. The record's own members (`id`, `idempotencyKey`, …) are not credentials' names.
enum TargetCredentialCheck {
    /// The first credential-named member in `line` (a framed journal line), or `nil` when there is none.
    static func credentialField(inTargetOf line: Data) -> String? {
        let bytes = [UInt8](line)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            var escaped = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") || escaped {
                escaped = !escaped && bytes[end] == UInt8(ascii: "\\")
                end += 1
            }
            var next = end + 1
            while next < bytes.count, SecretFields.isBlank(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":"),
                let name = decoded(bytes[start..<min(end, bytes.count)]), isCredential(name)
            {
                return name
            }
            index = end + 1
        }
        return nil
    }

    /// Whether `name` is a credential's, remembered per name: a target type has few member names,
    /// and the rule compares each with a dozen fragments (``CredentialNames``).
    private static func isCredential(_ name: String) -> Bool {
        if let known = verdicts.withLock({ $0[name] }) { return known }
        let verdict = SecretMasking.default.isSecret(bodyKey: name)
        verdicts.withLock { verdicts in
            if verdicts.count < verdictLimit { verdicts[name] = verdict }
        }
        return verdict
    }

    /// The names remembered, of every outbox of the process: member names of target types, bounded
    /// for targets whose members are data (a dictionary's keys).
    private static let verdicts = LockedState<[String: Bool]>([:])
    private static let verdictLimit = 4_096

    /// A JSON string's contents, its escapes undone.
    private static func decoded(_ raw: ArraySlice<UInt8>) -> String? {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]))
    }
}
