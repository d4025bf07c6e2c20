import Foundation

/// Whether a target about to be written to disk carries a credential: a member of its JSON, at any
/// depth, whose name is a credential's by the one rule (``CredentialNames``, through
/// ``SecretMasking/default``). Tokens are the plugins' to add when a call is sent; an outbox
/// refuses a target that would write one (``OutboxError/credentialInTarget(field:)``).
enum TargetCredentialCheck {
    /// The first credential-named member of the target in `line` (a framed journal line that puts
    /// a record), or `nil` when there is none.
    static func credentialField(inTargetOf line: Data) -> String? {
        guard let json = OutboxJournalFraming.unframe(line.dropLast()),
            let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let record = object["record"] as? [String: Any]
        else { return nil }
        return credentialField(in: record["target"] as Any)
    }

    private static func credentialField(in value: Any) -> String? {
        if let object = value as? [String: Any] {
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if SecretMasking.default.isSecret(bodyKey: name) { return name }
                if let found = credentialField(in: member) { return found }
            }
        } else if let array = value as? [Any] {
            for element in array {
                if let found = credentialField(in: element) { return found }
            }
        }
        return nil
    }
}
