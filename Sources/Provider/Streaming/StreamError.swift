import Foundation

/// Why a streamed body was refused part way: a limit of ``StreamOptions`` was passed.
///
/// A call reports it as ``CourierError/underlying(_:_:)`` with the stream's response head.
/// An idle stream is reported as `URLError(.timedOut)` instead (``CourierError/isTimeout``), as any
/// call that waited too long.
public enum StreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line (of JSON lines, or of an event stream) ran past this many bytes without ending.
    case lineTooLong(limit: Int)
    /// The data of one server-sent event ran past this many bytes before the event ended.
    case eventTooLarge(limit: Int)

    /// What was refused, in a sentence fit for a log.
    public var description: String {
        switch self {
        case .lineTooLong(let limit): "A line of the streamed body is longer than \(limit) bytes."
        case .eventTooLarge(let limit): "An event of the streamed body is larger than \(limit) bytes."
        }
    }
}
