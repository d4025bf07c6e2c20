import Foundation

/// A short sentence for the user about a failed call, with what it is about.
public struct StatusMessage: Sendable, CustomStringConvertible {
    /// The sentence to show: the server's message for a business failure when it sent one,
    /// otherwise the one configured for the kind.
    public let text: String
    /// The kind of failure.
    public let kind: StatusMessageKind
    /// The failure itself, for apps that want more than the sentence.
    public let error: CourierError

    /// Creates a message.
    public init(text: String, kind: StatusMessageKind, error: CourierError) {
        self.text = text
        self.kind = kind
        self.error = error
    }

    /// The text.
    public var description: String { text }
}
