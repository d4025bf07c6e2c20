/// One page of a paged list as many Java backends send it (MyBatis-Plus's `IPage`):
/// `{"size": 10, "current": 1, "pages": 3, "total": 23, "records": […]}`.
///
/// ```swift
/// let page = try await provider.request(.goods(page: 1), as: Page<Goods>.self)
/// print("page \(page.current) of \(page.pages): \(page.records.count) of \(page.total) goods")
/// ```
public struct Page<Record: Sendable>: PagePayload, Sendable {
    /// The page size that was asked for (not the number of records on this page).
    public var size: Int
    /// This page's number, from 1.
    public var current: Int
    /// How many pages the list has.
    public var pages: Int
    /// How many records the list has, on all pages.
    public var total: Int
    /// The records on this page.
    public var records: [Record]

    /// Creates a page.
    public init(size: Int, current: Int, pages: Int, total: Int, records: [Record]) {
        self.size = size
        self.current = current
        self.pages = pages
        self.total = total
        self.records = records
    }
}

extension Page {
    /// Whether a page follows: this page has records and is not the last of ``pages``.
    public var hasNextPage: Bool { !records.isEmpty && current < pages }

    /// The page number, ``current``: a server that answers every page as page 1 is caught.
    public var pageMarker: String? { String(current) }
}

extension Page: Equatable where Record: Equatable {}
extension Page: Hashable where Record: Hashable {}
extension Page: Decodable where Record: Decodable {}
extension Page: Encodable where Record: Encodable {}
