import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The scenario server's 23 goods walked as `{total, records}` pages (number and size from the
/// request) and by cursor (`/paging/cursor`).
@Suite("Page shapes against the scenario server", .requiresScenarioServer)
struct PageShapesLiveTests {
    struct Goods: Decodable, Sendable {
        let id: Int
    }

    /// POST /mallProductsInfo/getProductList with a page and size, or /paging/cursor with a cursor.
    enum GoodsAPI: TargetType {
        case list(base: URL, page: Int, size: Int)
        case feed(base: URL, cursor: String?)

        var baseURL: URL {
            switch self {
            case .list(let base, _, _), .feed(let base, _): base
            }
        }
        var path: String {
            switch self {
            case .list: "/mallProductsInfo/getProductList"
            case .feed: "/paging/cursor"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .list(_, let page, let size):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": size, "categoryId": 1], encoding: URLEncoding.httpBody
                )
            case .feed(_, let cursor):
                .requestParameters(
                    parameters: cursor.map { ["cursor": $0, "pageSize": 7] } ?? ["pageSize": 7],
                    encoding: URLEncoding.httpBody)
            }
        }
    }

    private func provider() -> Provider<GoodsAPI> {
        Provider<GoodsAPI>(transport: TestTransport.make(), envelope: JSONEnvelope(successFlagKey: "succeed"))
    }

    @Test("only total and records read from the payload: pages of 10, 10 and 3, numbered from the request")
    func counted() async throws {
        let base = try LiveServers.url(for: .scenario)
        let pages = provider().pages(of: CountedPage<Goods>.self, pageSize: 10) { page, size in
            .list(base: base, page: page, size: size)
        }
        var seen: [Page<Goods>] = []
        for try await page in pages { seen.append(page) }
        #expect(seen.map(\.current) == [1, 2, 3])
        #expect(seen.map(\.records.count) == [10, 10, 3])
        #expect(seen.allSatisfy { $0.pages == 3 && $0.total == 23 && $0.size == 10 })
    }

    @Test("by cursor: 23 goods in pages of 7, each asked for with the cursor of the page before")
    func cursor() async throws {
        let base = try LiveServers.url(for: .scenario)
        let pages = provider().pages(of: CursorPage<Goods>.self) { (cursor: String?) in
            .feed(base: base, cursor: cursor)
        }
        var cursors: [String?] = []
        var ids: [Int] = []
        for try await page in pages {
            cursors.append(page.next)
            ids += page.records.map(\.id)
        }
        #expect(ids == Array(1...23))
        #expect(cursors == ["7", "14", "21", nil])
    }
}
