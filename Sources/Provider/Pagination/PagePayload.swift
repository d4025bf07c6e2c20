/// The payload of one page of a paged list: its records, and whether another page follows.
///
/// ``Page`` is the ready-made model for `{size, current, pages, total, records}`. Any other
/// shape conforms by saying where its records are and how it marks the last page:
///
/// ```swift
/// struct FeedPage: Decodable, PagePayload {
///     let items: [Post]
///     let hasMore: Bool
///
///     var records: [Post] { items }
///     var hasNextPage: Bool { hasMore }
/// }
/// ```
///
/// A ``Paginator`` stops after a page whose ``hasNextPage`` is `false`, and after an empty
/// page whatever ``hasNextPage`` says.
public protocol PagePayload: Sendable {
    /// One item of the list.
    associatedtype Record: Sendable

    /// The items on this page, in order.
    var records: [Record] { get }

    /// Whether a page follows this one.
    var hasNextPage: Bool { get }
}
