import Foundation

/// The values of a streamed response body, read as they arrive: what ``Provider``'s `bytes`,
/// `lines` and `events` return.
///
/// Each iteration is its own call: it goes through the provider's pipeline when the loop asks
/// for its first value, and the loop waits in `next()` only while the body has nothing new. It
/// ends when the body ends; it throws a ``CourierError`` when the call fails, before the body
/// (a status, a refused token, no connection) or during it (the connection dropped, a limit of
/// ``StreamOptions`` passed, a value that does not decode). Leaving the loop early, or cancelling
/// its task, cancels the call and closes its connection.
///
/// ```swift
/// for try await delta in provider.events(.chat(prompt), as: ChatDelta.self) {
///     reply += delta.text
/// }
/// ```
public struct ResponseStream<Element>: AsyncSequence, Sendable {
    /// What the iteration throws.
    public typealias Failure = CourierError

    private let makeSource: @Sendable () -> any StreamSource<Element>

    init(_ makeSource: @escaping @Sendable () -> any StreamSource<Element>) {
        self.makeSource = makeSource
    }

    /// Starts an iteration: a new call, made when the first value is asked for.
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: makeSource())
    }

    /// Reads the values of one call.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        /// What the iteration throws.
        public typealias Failure = CourierError

        private let source: any StreamSource<Element>

        init(source: any StreamSource<Element>) {
            self.source = source
        }

        /// The next value, or `nil` when the body has ended.
        public mutating func next() async throws(CourierError) -> Element? {
            try await source.next()
        }
    }
}

/// Where an iterator's values come from (a ``StreamReader``), without its target type.
protocol StreamSource<Element>: AnyObject, Sendable {
    associatedtype Element
    func next() async throws(CourierError) -> Element?
}

extension StreamReader: StreamSource {}
