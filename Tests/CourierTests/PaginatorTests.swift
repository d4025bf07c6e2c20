import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The paginator over stubbed pages: a multi-page list, an empty list, failures, laziness
/// and cancellation.
@Suite("Paginator")
struct PaginatorTests {
    /// A list of `total` goods served `size` at a time, counting the pages fetched.
    private final class Catalog: Sendable {
        let total: Int
        let size: Int
        private let fetched = LockedState<[Int]>([])

        init(total: Int, size: Int = 10) {
            self.total = total
            self.size = size
        }

        /// The page numbers fetched, in order.
        var fetchedPages: [Int] { fetched.withLock { $0 } }

        func page(_ number: Int) -> Page<Goods> {
            fetched.withLock { $0.append(number) }
            let pages = (total + size - 1) / size
            let start = (number - 1) * size
            let records = start < total ? (start + 1...min(start + size, total)).map(Goods.sample) : []
            return Page(size: size, current: number, pages: pages, total: total, records: records)
        }

        var paginator: Paginator<Page<Goods>> {
            Paginator { number in self.page(number) }
        }
    }

    @Test("a multi-page list: every page once, in order, then the end")
    func multiPage() async throws {
        let catalog = Catalog(total: 23)
        var pages: [Page<Goods>] = []
        for try await page in catalog.paginator {
            pages.append(page)
        }
        #expect(pages.map(\.current) == [1, 2, 3])
        #expect(pages.map(\.records.count) == [10, 10, 3])
        #expect(pages.last?.hasNextPage == false)
        #expect(catalog.fetchedPages == [1, 2, 3])
    }

    @Test("records come one at a time across pages")
    func records() async throws {
        let catalog = Catalog(total: 23)
        var ids: [Int] = []
        for try await goods in catalog.paginator.records {
            ids.append(goods.id)
        }
        #expect(ids == Array(1...23))
        #expect(catalog.fetchedPages == [1, 2, 3])
    }

    @Test("an exact multiple of the page size stops on the last full page")
    func exactMultiple() async throws {
        let catalog = Catalog(total: 20)
        let count = try await catalog.paginator.reduce(0) { count, _ in count + 1 }
        #expect(count == 2)
        #expect(catalog.fetchedPages == [1, 2])
    }

    @Test("an empty list is one empty page, and no records")
    func emptyList() async throws {
        let catalog = Catalog(total: 0)
        var pages: [Page<Goods>] = []
        for try await page in catalog.paginator {
            pages.append(page)
        }
        #expect(pages == [Page(size: 10, current: 1, pages: 0, total: 0, records: [])])
        let records = try await catalog.paginator.records.reduce(0) { count, _ in count + 1 }
        #expect(records == 0)
        #expect(catalog.fetchedPages == [1, 1])
    }

    /// A page that always claims more follow.
    private struct Endless: PagePayload {
        var records: [Int]
        var hasNextPage: Bool { true }
    }

    @Test("an empty page ends the walk even when it claims more pages follow")
    func emptyPageStops() async throws {
        let fetched = LockedState(0)
        let paginator = Paginator<Endless> { number in
            fetched.withLock { $0 += 1 }
            return Endless(records: number < 3 ? [number] : [])
        }
        let records = try await paginator.records.reduce(into: [Int]()) { $0.append($1) }
        #expect(records == [1, 2])
        #expect(fetched.withLock { $0 } == 3)
    }

    @Test("pages are fetched lazily: taking one page fetches one")
    func lazy() async throws {
        let catalog = Catalog(total: 23)
        for try await page in catalog.paginator {
            #expect(page.current == 1)
            break
        }
        let firstFive = try await catalog.paginator.records.prefix(5).reduce(into: [Int]()) { $0.append($1.id) }
        #expect(firstFive == [1, 2, 3, 4, 5])
        #expect(catalog.fetchedPages == [1, 1])
    }

    @Test("a walk from the main actor, as a view model does")
    @MainActor
    func mainActorWalk() async throws {
        let catalog = Catalog(total: 12)
        var shown: [Int] = []
        for try await goods in catalog.paginator.records {
            shown.append(goods.id)
        }
        #expect(shown == Array(1...12))
    }

    @Test("the walk starts at firstPage")
    func firstPage() async throws {
        let catalog = Catalog(total: 23)
        let pages = Paginator(firstPage: 2) { catalog.page($0) }
        let numbers = try await pages.reduce(into: [Int]()) { $0.append($1.current) }
        #expect(numbers == [2, 3])
    }

    @Test("a failing page is thrown, and the walk is over")
    func failure() async throws {
        let catalog = Catalog(total: 23)
        let response = Response(statusCode: 200, data: Data())
        let paginator = Paginator<Page<Goods>> { number in
            if number == 2 { throw CourierError.business(code: "919", message: "busy", response: response) }
            return catalog.page(number)
        }
        var iterator = paginator.makeAsyncIterator()
        #expect(try await iterator.next()?.current == 1)
        await #expect(throws: CourierError.self) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test("a walk cancelled while a page is loading throws cancelled and fetches nothing more")
    func cancelledWhileLoading() async throws {
        let (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
        let (never, neverContinuation) = AsyncStream.makeStream(of: Never.self)
        let catalog = Catalog(total: 50)
        let paginator = Paginator<Page<Goods>> { number in
            startedContinuation.yield(number)
            if number == 2 {
                // Stand-in for a slow request: returns only when the task is cancelled.
                for await _ in never {}
                throw CancellationError()
            }
            return catalog.page(number)
        }
        let walk = Task {
            var seen: [Int] = []
            for try await page in paginator {
                seen.append(page.current)
            }
            return seen
        }
        for await number in started where number == 2 {
            break
        }
        walk.cancel()
        let result = await walk.result
        guard case .failure(let error as CourierError) = result else {
            Issue.record("expected a CourierError, got \(result)")
            return
        }
        #expect(error.isCancelled)
        #expect(catalog.fetchedPages == [1])
        neverContinuation.finish()
    }

    @Test("a walk in a task that is already cancelled fetches nothing")
    func cancelledBeforeStart() async {
        let catalog = Catalog(total: 23)
        let paginator = catalog.paginator
        let walk = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await paginator.reduce(0) { count, _ in count + 1 }
        }
        let result = await walk.result
        #expect((try? result.get()) == nil)
        #expect(catalog.fetchedPages.isEmpty)
    }

    @Test("Page decodes {size, current, pages, total, records} and round-trips")
    func pageModel() throws {
        let json =
            #"{"size":10,"current":3,"pages":3,"total":23,"records":[{"id":21,"categoryId":1,"#
            + #""productName":"Goods 21","introduction":"Introduction of goods 21","imgId":"img-21","#
            + #""price":30.5,"priceUnit":"CNY"}]}"#
        let page = try JSONDecoder().decode(Page<Goods>.self, from: Data(json.utf8))
        #expect(page == Page(size: 10, current: 3, pages: 3, total: 23, records: [Goods.sample(21)]))
        #expect(!page.hasNextPage)
        let again = try JSONDecoder().decode(Page<Goods>.self, from: JSONEncoder().encode(page))
        #expect(again == page)
        #expect(Page(size: 10, current: 1, pages: 3, total: 23, records: [1]).hasNextPage)
    }

    // MARK: through a provider

    /// Answers the goods list from the form body, as the shop backend does.
    private static func shopTransport(_ catalog: Catalog) -> ScriptedTransport {
        ScriptedTransport { request in
            let form = String(decoding: request.urlRequest.httpBody ?? Data(), as: UTF8.self)
            let fields = Dictionary(
                form.split(separator: "&").map { pair -> (String, String) in
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { $1 })
            let number = Int(fields["pageCurrent"] ?? "") ?? 0
            let page = catalog.page(number)
            let data = try JSONEncoder().encode(page)
            let body = Data(#"{"succeed":true,"code":0,"msg":"查询成功","data":"#.utf8) + data + Data("}".utf8)
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: body)
        }
    }

    @Test("provider.pages walks the goods list through the envelope")
    func providerPages() async throws {
        let catalog = Catalog(total: 23)
        let provider = Provider<MallAPI>(transport: Self.shopTransport(catalog), envelope: Dialects.shop)
        let goods = provider.pages(of: Page<Goods>.self) { page in .goods(page: page, categoryId: 1) }
        let ids = try await goods.records.reduce(into: [Int]()) { $0.append($1.id) }
        #expect(ids == Array(1...23))
        #expect(catalog.fetchedPages == [1, 2, 3])
    }

    @Test("provider.pages: a business failure on a page is thrown")
    func providerPagesFailure() async {
        let provider = Provider<MallAPI>.answering(
            #"{"succeed":false,"code":919,"msg":"pageCurrent and pageSize must be positive integers"}"#,
            envelope: Dialects.shop)
        let pages = provider.pages(of: Page<Goods>.self, target: { .goods(page: $0, categoryId: 1) })
        let error = await courierError { try await pages.reduce(0) { count, _ in count + 1 } }
        #expect(error?.code == 5001)
    }
}
