import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Walking the scenario server's paged goods list (23 goods in category 1, none elsewhere).
@Suite("Paginator against the scenario server", .requiresScenarioServer)
struct PaginatorLiveTests {
    struct Goods: Codable, Sendable, Equatable {
        let id: Int
        let productName: String
        let price: Double
    }

    /// POST /mallProductsInfo/getProductList, as the shop app sends it (or another list's path).
    struct GoodsList: TargetType {
        var baseURL: URL
        var page: Int
        var pageSize: Int
        var categoryId: Int
        var path = "/mallProductsInfo/getProductList"

        var method: HTTPMethod { .post }
        var task: RequestTask {
            .requestParameters(
                parameters: ["pageCurrent": page, "pageSize": pageSize, "categoryId": categoryId],
                encoding: URLEncoding.httpBody)
        }
    }

    private func pages(
        categoryId: Int, pageSize: Int = 10, path: String = "/mallProductsInfo/getProductList",
        maximumPages: Int = Paginator<Page<Goods>>.defaultMaximumPages
    ) throws -> Paginator<Page<Goods>> {
        let base = try LiveServers.url(for: .scenario)
        let provider = Provider<GoodsList>(
            transport: TestTransport.make(), envelope: JSONEnvelope(successFlagKey: "succeed"))
        return provider.pages(of: Page<Goods>.self, maximumPages: maximumPages) { page in
            GoodsList(baseURL: base, page: page, pageSize: pageSize, categoryId: categoryId, path: path)
        }
    }

    /// Walks `paginator` to its end: the page numbers seen, and the error that ended the walk.
    private func walk(_ paginator: Paginator<Page<Goods>>) async -> ([Int], CourierError?) {
        var seen: [Int] = []
        do {
            for try await page in paginator { seen.append(page.current) }
            return (seen, nil)
        } catch {
            return (seen, error as? CourierError)
        }
    }

    @Test("a pager that never advances ends the walk after the repeated page, with pageDidNotAdvance")
    func stuckPager() async throws {
        let (seen, error) = await walk(try pages(categoryId: 1, path: "/paging/stuck"))
        #expect(seen == [1])
        guard case .underlying(let underlying as PaginationError, nil)? = error else {
            Issue.record("expected a PaginationError, got \(String(describing: error))")
            return
        }
        #expect(underlying == .pageDidNotAdvance(requested: 2, marker: "1"))
    }

    @Test("a list that claims 10^12 pages ends after maximumPages, with tooManyPages")
    func endlessList() async throws {
        let (seen, error) = await walk(try pages(categoryId: 1, path: "/paging/endless", maximumPages: 25))
        #expect(seen == Array(1...25))
        guard case .underlying(let underlying as PaginationError, nil)? = error else {
            Issue.record("expected a PaginationError, got \(String(describing: error))")
            return
        }
        #expect(underlying == .tooManyPages(maximum: 25))
    }

    @Test("a multi-page list: 3 pages of 10, 10 and 3, then the end")
    func multiPage() async throws {
        var seen: [Page<Goods>] = []
        for try await page in try pages(categoryId: 1) {
            seen.append(page)
        }
        #expect(seen.map(\.current) == [1, 2, 3])
        #expect(seen.map(\.records.count) == [10, 10, 3])
        #expect(seen.allSatisfy { $0.total == 23 && $0.pages == 3 })
    }

    @Test("every record, in order, across pages of 7")
    func records() async throws {
        let goods = try await pages(categoryId: 1, pageSize: 7).records.reduce(into: [Goods]()) { $0.append($1) }
        #expect(goods.map(\.id) == Array(1...23))
        #expect(goods.first == Goods(id: 1, productName: "Goods 1", price: 10.5))
    }

    @Test("an empty list is one empty page")
    func emptyList() async throws {
        var seen: [Page<Goods>] = []
        for try await page in try pages(categoryId: 2) {
            seen.append(page)
        }
        #expect(seen.count == 1)
        #expect(seen.first?.records.isEmpty == true)
        #expect(seen.first?.total == 0)
    }

    @Test("cancelling the walk after the first page throws cancelled and stops")
    func cancelled() async throws {
        let paginator = try pages(categoryId: 1)
        let walk = Task {
            var seen: [Int] = []
            for try await page in paginator {
                seen.append(page.current)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return seen
        }
        let result = await walk.result
        guard case .failure(let error as CourierError) = result else {
            Issue.record("expected a cancelled CourierError, got \(result)")
            return
        }
        #expect(error.isCancelled)
    }
}
