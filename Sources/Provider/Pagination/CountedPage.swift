/// The payload of one page of a list that says how many records it has in all but not which
/// page it is, such as the shop API's `{"total": 23, "records": […]}`: the page number and size
/// are the ones the request asked for.
///
/// ``CountedPage`` is the ready-made model for `{total, records}`; another shape conforms by
/// naming its two fields:
///
/// ```swift
/// struct GoodsList: Decodable, CountedPagePayload {
///     let count: Int
///     let list: [Goods]
///
///     var total: Int { count }
///     var records: [Goods] { list }
/// }
/// ```
///
/// ``Provider/pages(of:pageSize:from:maximumPages:target:)`` walks such a list and yields each
/// page as a ``Page``, its number and size taken from the request.
public protocol CountedPagePayload: Sendable {
    /// One item of the list.
    associatedtype Record: Sendable

    /// How many records the list has, on all pages.
    var total: Int { get }

    /// The items on this page, in order.
    var records: [Record] { get }
}

/// One page of a list as `{"total": 23, "records": […]}`: the list's size, and this page's
/// records; which page it is, only the request knows.
///
/// ```swift
/// let goods = provider.pages(of: CountedPage<Goods>.self, pageSize: 10) { page, size in
///     .goods(GoodsQuery(pageCurrent: page, pageSize: size, categoryId: 1))
/// }
/// for try await page in goods {   // each a Page<Goods>: current, size, pages and total filled in
///     print("page \(page.current) of \(page.pages)")
/// }
/// ```
public struct CountedPage<Record: Sendable>: CountedPagePayload, Sendable {
    /// How many records the list has, on all pages.
    public var total: Int
    /// The records on this page.
    public var records: [Record]

    /// Creates a page.
    public init(total: Int, records: [Record]) {
        self.total = total
        self.records = records
    }
}

extension CountedPage: Equatable where Record: Equatable {}
extension CountedPage: Hashable where Record: Hashable {}
extension CountedPage: Decodable where Record: Decodable {}
extension CountedPage: Encodable where Record: Encodable {}
