/// The records of a ``Paginator``'s pages, one at a time: ``Paginator/records``.
///
/// ```swift
/// var names: [String] = []
/// for try await goods in provider.pages(of: Page<Goods>.self, target: { .goods(page: $0) }).records {
///     names.append(goods.productName)
/// }
/// ```
///
/// The next page is fetched when the records of the previous one are used up, never sooner.
public struct PaginatorRecords<Payload: PagePayload>: AsyncSequence, Sendable {
    /// Each element is one record.
    public typealias Element = Payload.Record
    /// Any error of the fetch, or ``CourierError/cancelled``.
    public typealias Failure = any Error

    /// The pages the records come from.
    public let pages: Paginator<Payload>

    /// The records of `pages`.
    package init(pages: Paginator<Payload>) {
        self.pages = pages
    }

    /// Starts a walk at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: pages.makeAsyncIterator())
    }

    /// Walks the records page by page.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private var pages: Paginator<Payload>.Iterator
        private var buffer: [Payload.Record] = []
        private var index = 0

        fileprivate init(pages: Paginator<Payload>.Iterator) {
            self.pages = pages
        }

        /// The next record, or `nil` after the last record of the last page.
        ///
        /// - Throws: the fetch's error, or ``CourierError/cancelled`` when the task is cancelled.
        public mutating func next() async throws -> Payload.Record? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.records
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}
