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

    /// POST /mallProductsInfo/getProductList, as the shop app sends it.
    struct GoodsList: TargetType {
        var baseURL: URL
        var page: Int
        var pageSize: Int
        var categoryId: Int

        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            .requestParameters(
                parameters: ["pageCurrent": page, "pageSize": pageSize, "categoryId": categoryId],
                encoding: URLEncoding.httpBody)
        }
    }

    private func pages(categoryId: Int, pageSize: Int = 10) throws -> Paginator<Page<Goods>> {
        let base = try LiveServers.url(for: .scenario)
        let provider = Provider<GoodsList>(
            transport: TestTransport.make(), envelope: JSONEnvelope(successFlagKey: "succeed"))
        return provider.pages(of: Page<Goods>.self) { page in
            GoodsList(baseURL: base, page: page, pageSize: pageSize, categoryId: categoryId)
        }
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
