extension Paginator where Payload: CursorPagePayload {
    /// Creates a paginator over a list walked by cursor: the first page is fetched with a `nil`
    /// cursor, each next one with the ``CursorPagePayload/nextCursor`` of the page before it.
    ///
    /// ```swift
    /// let posts = Paginator(maximumPages: 50) { (cursor: String?) in try await api.timeline(after: cursor) }
    /// ```
    ///
    /// The bounds are those of every paginator: a page that names the same next cursor as the one
    /// before it ends the walk with ``PaginationError/pageDidNotAdvance(requested:marker:)``, and
    /// `maximumPages` (1,000 by default) with ``PaginationError/tooManyPages(maximum:)``; the
    /// page numbers in those errors count from 1.
    ///
    /// - Parameters:
    ///   - maximumPages: the most pages one walk fetches (at least 1).
    ///   - fetch: fetches the page after `cursor`, the first page for `nil`.
    public init(
        maximumPages: Int = defaultMaximumPages,
        fetch: @escaping @Sendable (_ cursor: String?) async throws -> Payload
    ) {
        self.init(
            firstPage: 1, maximumPages: maximumPages,
            fetchPage: { _, previous in try await fetch(previous?.nextCursor) })
    }
}

extension Page {
    /// A page whose number and size are the ones a request asked for, with the list's `total`
    /// from the payload; ``pages`` is worked out from them.
    ///
    /// ```swift
    /// let page = Page(current: 2, size: 10, total: 23, records: payload.records)   // pages == 3
    /// ```
    public init(current: Int, size: Int, total: Int, records: [Record]) {
        let size = Swift.max(1, size)
        // Not (total + size - 1) / size: a total near Int.max from a server must not overflow.
        let pages = total <= 0 ? 0 : total / size + (total % size == 0 ? 0 : 1)
        self.init(size: size, current: current, pages: pages, total: total, records: records)
    }
}
