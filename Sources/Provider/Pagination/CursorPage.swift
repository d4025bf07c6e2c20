/// The payload of one page of a list walked by cursor: its records, and the cursor that asks
/// for the page after it (`nil` or empty on the last page).
///
/// ``CursorPage`` is the ready-made model for `{"records": […], "next": "abc"}`; another shape
/// conforms by naming its fields:
///
/// ```swift
/// struct Feed: Decodable, CursorPagePayload {
///     let items: [Post]
///     let nextPageToken: String?
///
///     var records: [Post] { items }
///     var nextCursor: String? { nextPageToken }
/// }
/// ```
///
/// The walk stops after a page without a next cursor (or an empty page), and ends with
/// ``PaginationError/pageDidNotAdvance(requested:marker:)`` when two pages in a row name the
/// same next cursor: the cursor is the page's ``PagePayload/pageMarker``.
public protocol CursorPagePayload: PagePayload {
    /// The cursor that asks for the next page; `nil` or empty on the last page.
    var nextCursor: String? { get }
}

extension CursorPagePayload {
    /// Whether ``nextCursor`` names a next page.
    public var hasNextPage: Bool { !(nextCursor ?? "").isEmpty }

    /// ``nextCursor``: a server that hands out the same cursor again is caught.
    public var pageMarker: String? { nextCursor }
}

/// One page of a list walked by cursor, as `{"records": […], "next": "abc"}`, where the next
/// page is asked for with `cursor=abc`.
///
/// ```swift
/// let posts = provider.pages(of: CursorPage<Post>.self) { (cursor: String?) in
///     .timeline(cursor: cursor)   // nil for the first page
/// }
/// for try await post in posts.records { show(post) }
/// ```
public struct CursorPage<Record: Sendable>: CursorPagePayload, Sendable {
    /// The records on this page.
    public var records: [Record]
    /// The cursor of the next page; `nil` (or absent from the JSON) on the last page.
    public var next: String?

    /// Creates a page.
    public init(records: [Record], next: String?) {
        self.records = records
        self.next = next
    }

    /// ``next``.
    public var nextCursor: String? { next }
}

extension CursorPage: Equatable where Record: Equatable {}
extension CursorPage: Hashable where Record: Hashable {}
extension CursorPage: Decodable where Record: Decodable {}
extension CursorPage: Encodable where Record: Encodable {}
