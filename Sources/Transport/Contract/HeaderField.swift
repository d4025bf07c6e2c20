/// One header field of a response, as a transport received it.
///
/// A transport that parses responses itself hands its fields to
/// ``TransportResponse/init(url:statusCode:httpVersion:headerFields:data:downloadedFileURL:)``,
/// which keeps them as they are and makes the `HTTPURLResponse` only when someone reads it.
public struct HeaderField: Sendable, Equatable {
    /// The name, spelled as received.
    public var name: String
    /// The value, without surrounding whitespace.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
