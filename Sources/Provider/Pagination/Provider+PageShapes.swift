extension Provider {
    /// The pages of a list whose payload says only how many records it has (`{total, records}`,
    /// ``CountedPagePayload``), fetched lazily through this provider: page `n` is
    /// `request(target(n, pageSize), as: Payload.self)`, yielded as a ``Page`` whose `current`
    /// and `size` are the ones asked for and whose `pages` follows from the payload's `total`.
    ///
    /// ```swift
    /// let goods = provider.pages(of: CountedPage<Goods>.self, pageSize: 10) { page, size in
    ///     .goods(GoodsQuery(pageCurrent: page, pageSize: size, categoryId: 1))
    /// }
    /// for try await page in goods {
    ///     print("page \(page.current) of \(page.pages): \(page.records.count) of \(page.total)")
    /// }
    /// ```
    ///
    /// The walk ends after the page that reaches `total`, after an empty page, and, as for every
    /// ``Paginator``, after `maximumPages` pages with ``PaginationError/tooManyPages(maximum:)``.
    ///
    /// - Parameters:
    ///   - type: the payload of one page, such as ``CountedPage``.
    ///   - pageSize: the number of records asked for per page (at least 1), passed to `target`.
    ///   - firstPage: the number of the first page; `1` by default. A ``Page``'s `current`
    ///     counts from 1 whatever the first page's number is.
    ///   - maximumPages: the most pages one walk fetches; 1,000 by default.
    ///   - target: the target that fetches page `page` of `size` records.
    /// - Returns: a ``Paginator``; nothing is sent until it is iterated.
    public func pages<Payload: CountedPagePayload & Decodable>(
        of type: Payload.Type, pageSize: Int, from firstPage: Int = 1,
        maximumPages: Int = Paginator<Page<Payload.Record>>.defaultMaximumPages,
        target: @escaping @Sendable (_ page: Int, _ size: Int) -> Target
    ) -> Paginator<Page<Payload.Record>> {
        let size = Swift.max(1, pageSize)
        return Paginator(firstPage: firstPage, maximumPages: maximumPages) { number in
            let payload = try await self.request(target(number, size), as: Payload.self)
            return Page(current: number - firstPage + 1, size: size, total: payload.total, records: payload.records)
        }
    }

    /// The pages of a list walked by cursor (``CursorPagePayload``, such as ``CursorPage``),
    /// fetched lazily through this provider: the first page is `target(nil)`, each next one
    /// `target(cursor)` with the ``CursorPagePayload/nextCursor`` of the page before it.
    ///
    /// ```swift
    /// let posts = provider.pages(of: CursorPage<Post>.self) { (cursor: String?) in
    ///     .timeline(cursor: cursor)   // sent as cursor=abc; nil for the first page
    /// }
    /// for try await page in posts { show(page.records) }
    /// ```
    ///
    /// The walk ends after a page without a next cursor, or an empty page. A page that names the
    /// same next cursor as the page before it ends the walk with
    /// ``PaginationError/pageDidNotAdvance(requested:marker:)``, and `maximumPages` pages (1,000
    /// by default) with ``PaginationError/tooManyPages(maximum:)``.
    ///
    /// - Parameters:
    ///   - type: the payload of one page.
    ///   - maximumPages: the most pages one walk fetches.
    ///   - target: the target that fetches the page after `cursor` (the first page for `nil`).
    /// - Returns: a ``Paginator``; nothing is sent until it is iterated.
    public func pages<Payload: CursorPagePayload & Decodable>(
        of type: Payload.Type, maximumPages: Int = Paginator<Payload>.defaultMaximumPages,
        target: @escaping @Sendable (_ cursor: String?) -> Target
    ) -> Paginator<Payload> {
        Paginator(maximumPages: maximumPages) { (cursor: String?) in
            try await self.request(target(cursor), as: Payload.self)
        }
    }
}
