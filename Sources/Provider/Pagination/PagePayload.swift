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
/// page whatever ``hasNextPage`` says. When two pages in a row have the same ``pageMarker``,
/// it ends with ``PaginationError/pageDidNotAdvance(requested:marker:)``: a payload with a page
/// number or a cursor should return it there (``Page`` returns `current`).
public protocol PagePayload: Sendable {
    /// One item of the list.
    associatedtype Record: Sendable

    /// The items on this page, in order.
    var records: [Record] { get }

    /// Whether a page follows this one.
    var hasNextPage: Bool { get }

    /// What tells this page from the others — its number, or the cursor of the page after it —
    /// so that a walk notices a server that sends the same page again; `nil` (the default)
    /// skips that check, leaving ``Paginator/maximumPages`` as the only bound.
    var pageMarker: String? { get }
}

extension PagePayload {
    /// `nil`: the payload has no page number or cursor to compare.
    public var pageMarker: String? { nil }
}
