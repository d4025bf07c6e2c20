/// An `AsyncSequence` of the pages of a paged list, fetched one at a time as the loop asks.
///
/// Usually made by ``Provider/pages(of:from:maximumPages:target:)``:
///
/// ```swift
/// let goods = provider.pages(of: Page<Goods>.self) { page in
///     .goods(GoodsQuery(pageCurrent: page, pageSize: 10, categoryId: 1))
/// }
/// for try await page in goods {
///     show(page.records)
/// }
/// for try await item in goods.records {   // or one record at a time
///     print(item.productName)
/// }
/// ```
///
/// - A page is fetched only when the loop asks for it, so `break` (or `.prefix(2)`) fetches
///   no further page.
/// - The walk ends after a page whose ``PagePayload/hasNextPage`` is `false`, or after an
///   empty page.
/// - A server whose paging is broken cannot make it loop: a page with the same
///   ``PagePayload/pageMarker`` as the one before it (page 1 again when page 2 was asked for)
///   ends the walk with ``PaginationError/pageDidNotAdvance(requested:marker:)``, and after
///   ``maximumPages`` pages (1,000 by default) a page that says more follow ends it with
///   ``PaginationError/tooManyPages(maximum:)``; both as ``CourierError/underlying(_:_:)``.
/// - A failed fetch is thrown by the loop, which then ends.
/// - A cancelled task throws ``CourierError/cancelled`` (a request already under way is
///   cancelled with it) and fetches nothing more.
///
/// A paginator is a description of the walk: each `for` loop over it starts again at the first page.
public struct Paginator<Payload: PagePayload>: AsyncSequence, Sendable {
    /// Each element is a page.
    public typealias Element = Payload
    /// Any error of the fetch, or ``CourierError/cancelled``.
    public typealias Failure = any Error
    /// Fetches the page with the given number.
    public typealias Fetch = @Sendable (_ page: Int) async throws -> Payload

    /// How many pages a walk fetches at most unless told otherwise: `1_000`, far beyond what a
    /// screen shows, and a bound on what a broken server can make an app send.
    public static var defaultMaximumPages: Int { 1_000 }

    /// The number of the first page fetched.
    public let firstPage: Int
    /// The most pages one walk fetches; see ``PaginationError/tooManyPages(maximum:)``.
    public let maximumPages: Int
    /// Fetches page `number`, knowing the page before it in this walk (for a cursor).
    private let fetchPage: PageFetch

    /// Fetches a page from its number and the page fetched before it in the same walk.
    typealias PageFetch = @Sendable (_ number: Int, _ previous: Payload?) async throws -> Payload

    /// Creates a paginator over any source of pages.
    ///
    /// ```swift
    /// let pages = Paginator(firstPage: 1) { number in try await api.loadGoods(page: number) }
    /// ```
    ///
    /// - Parameters:
    ///   - firstPage: the number of the first page; `1` by default.
    ///   - maximumPages: the most pages one walk fetches (at least 1); ``defaultMaximumPages``
    ///     (1,000) by default. A walk that would need more ends with
    ///     ``PaginationError/tooManyPages(maximum:)`` after that many pages.
    ///   - fetch: fetches page `n`; called with `firstPage`, `firstPage + 1`, … as the loop asks.
    public init(firstPage: Int = 1, maximumPages: Int = defaultMaximumPages, fetch: @escaping Fetch) {
        self.init(firstPage: firstPage, maximumPages: maximumPages, fetchPage: { number, _ in try await fetch(number) })
    }

    /// Creates a paginator whose fetch also sees the page before (for cursors).
    init(firstPage: Int, maximumPages: Int, fetchPage: @escaping PageFetch) {
        self.firstPage = firstPage
        self.maximumPages = Swift.max(1, maximumPages)
        self.fetchPage = fetchPage
    }

    /// The records of every page, one at a time, fetched lazily like the pages.
    public var records: PaginatorRecords<Payload> {
        PaginatorRecords(pages: self)
    }

    /// Starts a walk at ``firstPage``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(nextPage: firstPage, maximumPages: maximumPages, fetch: fetchPage)
    }

    /// Walks the pages; see ``Paginator``.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        /// `nil` once the walk is over.
        private var nextPage: Int?
        private let maximumPages: Int
        private var fetched = 0
        /// The marker of the page fetched last.
        private var lastMarker: String?
        /// The page fetched last.
        private var previous: Payload?
        private let fetch: PageFetch

        fileprivate init(nextPage: Int, maximumPages: Int, fetch: @escaping PageFetch) {
            self.nextPage = nextPage
            self.maximumPages = maximumPages
            self.fetch = fetch
        }

        /// The next page, or `nil` after the last one.
        ///
        /// - Throws: the fetch's error, ``CourierError/cancelled`` when the task is cancelled,
        ///   or a ``PaginationError`` (as ``CourierError/underlying(_:_:)``) when the server's
        ///   paging does not end.
        public mutating func next() async throws -> Payload? {
            guard let number = nextPage else { return nil }
            nextPage = nil  // a throw below ends the walk
            guard fetched < maximumPages else {
                throw CourierError.underlying(PaginationError.tooManyPages(maximum: maximumPages), nil)
            }
            if Task.isCancelled { throw CourierError.cancelled }
            let page: Payload
            do {
                page = try await fetch(number, previous)
            } catch {
                // A fetch that is not a provider's may end with a bare `CancellationError`.
                throw Task.isCancelled || error is CancellationError ? CourierError.cancelled : error
            }
            if Task.isCancelled { throw CourierError.cancelled }
            fetched += 1
            let marker = page.pageMarker
            if let marker, marker == lastMarker {
                throw CourierError.underlying(PaginationError.pageDidNotAdvance(requested: number, marker: marker), nil)
            }
            lastMarker = marker
            previous = page
            if page.hasNextPage && !page.records.isEmpty {
                nextPage = number + 1
            }
            return page
        }
    }
}
