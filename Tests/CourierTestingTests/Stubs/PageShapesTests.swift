import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Paging for lists that are not `{size, current, pages, total, records}`: a page number and
/// size known only from the request, and a next-page cursor; with stubbed answers.
@Suite("Paging: counted pages and cursors")
struct PageShapesTests {
    /// `GET /goods?pageCurrent=&pageSize=` answering `{total, records}`, and `GET /feed?cursor=`
    /// answering `{records, next}`, both in the shop envelope.
    enum PagedAPI: TargetType {
        case goods(page: Int, size: Int)
        case feed(cursor: String?)

        var baseURL: URL { URL(string: "https://shop.example.com")! }
        var path: String {
            switch self {
            case .goods: "/goods"
            case .feed: "/feed"
            }
        }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .goods(let page, let size):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": size], encoding: URLEncoding.queryString)
            case .feed(let cursor?):
                .requestParameters(parameters: ["cursor": cursor], encoding: URLEncoding.queryString)
            case .feed(nil):
                .requestPlain
            }
        }
    }

    private static func records(_ ids: ClosedRange<Int>) -> String {
        ids.map { #"{"id":\#($0),"productName":"Goods \#($0)"}"# }.joined(separator: ",")
    }

    private static func provider(_ stubs: StubTransport) -> Provider<PagedAPI> {
        Provider<PagedAPI>(transport: stubs, envelope: shopEnvelope)
    }

    // MARK: - Counted pages: number and size from the request, total from the payload

    @Test("{total, records}: three pages of 10, 10 and 3, numbered from the request")
    func countedPages() async throws {
        let stubs = StubTransport()
        stubs.when(PagedAPI.goods(page: 1, size: 10)).respond(
            json: shopJSON(#"{"total":23,"records":[\#(Self.records(1...10))]}"#))
        stubs.when(PagedAPI.goods(page: 2, size: 10)).respond(
            json: shopJSON(#"{"total":23,"records":[\#(Self.records(11...20))]}"#))
        stubs.when(PagedAPI.goods(page: 3, size: 10)).respond(
            json: shopJSON(#"{"total":23,"records":[\#(Self.records(21...23))]}"#))
        let goods = Self.provider(stubs).pages(of: CountedPage<Goods>.self, pageSize: 10) { page, size in
            .goods(page: page, size: size)
        }

        var pages: [Page<Goods>] = []
        for try await page in goods { pages.append(page) }

        #expect(pages.map(\.current) == [1, 2, 3])
        #expect(pages.map(\.records.count) == [10, 10, 3])
        #expect(pages.allSatisfy { $0.size == 10 && $0.pages == 3 && $0.total == 23 })
        #expect(stubs.sentRequests.map { $0.query["pageCurrent"] } == ["1", "2", "3"])
        #expect(stubs.sentRequests.allSatisfy { $0.query["pageSize"] == "10" })
        let ids = try await goods.records.reduce(into: [Int]()) { $0.append($1.id) }
        #expect(ids == Array(1...23))
    }

    @Test("{total, records}: an empty list is one empty page")
    func countedEmpty() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/goods")).respond(json: shopJSON(#"{"total":0,"records":[]}"#))
        let goods = Self.provider(stubs).pages(of: CountedPage<Goods>.self, pageSize: 10) { .goods(page: $0, size: $1) }

        var pages: [Page<Goods>] = []
        for try await page in goods { pages.append(page) }

        #expect(pages.count == 1)
        #expect(pages.first?.pages == 0)
        #expect(stubs.sentRequests.count == 1)
    }

    @Test("{total, records}: a total that never runs out stops at maximumPages")
    func countedBounded() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/goods")).respond(
            json: shopJSON(#"{"total":\#(Int.max),"records":[\#(Self.records(1...1))]}"#))
        let goods = Self.provider(stubs).pages(of: CountedPage<Goods>.self, pageSize: 1, maximumPages: 4) {
            .goods(page: $0, size: $1)
        }

        var seen: [Int] = []
        await #expect {
            for try await page in goods { seen.append(page.current) }
        } throws: { error in
            guard case .underlying(let paging as PaginationError, nil)? = error as? CourierError else { return false }
            return paging == .tooManyPages(maximum: 4)
        }
        #expect(seen == [1, 2, 3, 4])
    }

    @Test("Page(current:size:total:records:) works out the page count, without overflow")
    func pageCount() {
        #expect(Page<Int>(current: 1, size: 10, total: 23, records: []).pages == 3)
        #expect(Page<Int>(current: 1, size: 10, total: 20, records: []).pages == 2)
        #expect(Page<Int>(current: 1, size: 0, total: 5, records: []).pages == 5)
        #expect(Page<Int>(current: 1, size: 2, total: Int.max, records: []).pages == Int.max / 2 + 1)
        #expect(Page<Int>(current: 1, size: 10, total: -1, records: []).pages == 0)
    }

    // MARK: - Cursor pages

    @Test("{records, next}: each page asks with the cursor of the page before, until no next")
    func cursorPages() async throws {
        let stubs = StubTransport()
        stubs.when(PagedAPI.feed(cursor: nil)).respond(
            json: shopJSON(#"{"records":[\#(Self.records(1...2))],"next":"abc"}"#))
        stubs.when(PagedAPI.feed(cursor: "abc")).respond(
            json: shopJSON(#"{"records":[\#(Self.records(3...4))],"next":"def"}"#))
        stubs.when(PagedAPI.feed(cursor: "def")).respond(json: shopJSON(#"{"records":[\#(Self.records(5...5))]}"#))
        let feed = Self.provider(stubs).pages(of: CursorPage<Goods>.self) { (cursor: String?) in .feed(cursor: cursor) }

        let ids = try await feed.records.reduce(into: [Int]()) { $0.append($1.id) }

        #expect(ids == [1, 2, 3, 4, 5])
        #expect(stubs.sentRequests.map { $0.query["cursor"] } == [nil, "abc", "def"])
    }

    @Test("{records, next}: an empty next cursor is the last page")
    func emptyCursorEnds() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/feed")).respond(json: shopJSON(#"{"records":[\#(Self.records(1...2))],"next":""}"#))
        let feed = Self.provider(stubs).pages(of: CursorPage<Goods>.self) { (cursor: String?) in .feed(cursor: cursor) }

        var pages = 0
        for try await _ in feed { pages += 1 }

        #expect(pages == 1)
    }

    @Test("{records, next}: a server that hands out the same cursor again ends with pageDidNotAdvance")
    func stuckCursor() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/feed")).respond(json: shopJSON(#"{"records":[\#(Self.records(1...2))],"next":"abc"}"#))
        let feed = Self.provider(stubs).pages(of: CursorPage<Goods>.self) { (cursor: String?) in .feed(cursor: cursor) }

        var pages = 0
        await #expect {
            for try await _ in feed { pages += 1 }
        } throws: { error in
            guard case .underlying(let paging as PaginationError, nil)? = error as? CourierError else { return false }
            return paging == .pageDidNotAdvance(requested: 2, marker: "abc")
        }
        #expect(pages == 1)
        #expect(stubs.sentRequests.count == 2)
    }

    @Test("{records, next}: cursors that never end stop at maximumPages; the paginator works without a provider")
    func endlessCursors() async throws {
        let fetched = LockedState<[String?]>([])
        let feed = Paginator<CursorPage<Int>>(maximumPages: 3) { (cursor: String?) in
            fetched.withLock { $0.append(cursor) }
            let next = (Int(cursor ?? "0") ?? 0) + 1
            return CursorPage(records: [next], next: String(next))
        }

        var seen: [Int] = []
        await #expect {
            for try await page in feed { seen += page.records }
        } throws: { error in
            guard case .underlying(let paging as PaginationError, nil)? = error as? CourierError else { return false }
            return paging == .tooManyPages(maximum: 3)
        }
        #expect(seen == [1, 2, 3])
        #expect(fetched.withLock { $0 } == [nil, "1", "2"])
    }
}
