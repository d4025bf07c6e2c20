extension Provider {
    /// The pages of a paged list, fetched lazily through this provider (and so through its
    /// envelope and plugins): page `n` is `request(target(n), as: Payload.self)`.
    ///
    /// ```swift
    /// let provider = Provider<MallAPI>(envelope: JSONEnvelope(successFlagKey: "succeed"))
    /// let pages = provider.pages(of: Page<Goods>.self) { page in
    ///     .goods(GoodsQuery(pageCurrent: page, pageSize: 10, categoryId: 1))
    /// }
    /// for try await page in pages {
    ///     print("page \(page.current) of \(page.pages)")
    /// }
    /// let all = try await pages.records.reduce(into: []) { $0.append($1) }   // every goods item
    /// ```
    ///
    /// - Parameters:
    ///   - type: the payload of one page, such as ``Page``.
    ///   - firstPage: the number of the first page; `1` by default.
    ///   - maximumPages: the most pages one walk fetches; 1,000
    ///     (``Paginator/defaultMaximumPages``) by default. A server that claims more ends the
    ///     walk with ``PaginationError/tooManyPages(maximum:)``, one that sends the same page
    ///     twice with ``PaginationError/pageDidNotAdvance(requested:marker:)``.
    ///   - target: the target that fetches page `n`.
    /// - Returns: a ``Paginator``; nothing is sent until it is iterated.
    public func pages<Payload: PagePayload & Decodable>(
        of type: Payload.Type, from firstPage: Int = 1,
        maximumPages: Int = Paginator<Payload>.defaultMaximumPages,
        target: @escaping @Sendable (_ page: Int) -> Target
    ) -> Paginator<Payload> {
        Paginator(firstPage: firstPage, maximumPages: maximumPages) { number in
            try await self.request(target(number), as: Payload.self)
        }
    }
}
