import Courier
import Foundation

/// Runs the three example APIs, stubbed or live, and tells what happened.
struct Demo {
    let options: DemoOptions

    var stubClosure: @Sendable (any TargetType) -> StubBehavior {
        let live = options.baseURL != nil
        return { _ in live ? .never : .immediate }
    }

    func provider<Target: TargetType>(for _: Target.Type) -> Provider<Target> {
        let live = options.baseURL != nil
        return Provider<Target>(
            endpointClosure: commonEndpoint(baseURL: options.baseURL),
            stubClosure: { _ in live ? .never : .immediate },
            plugins: [DemoTracePlugin()])
    }

    /// Runs every scenario and returns how many failed unexpectedly.
    func run() async -> Int {
        print("Courier demo — \(options.baseURL.map { "live against \($0.absoluteString)" } ?? "stub mode, no network")")
        var failures = 0
        failures += await shop()
        failures += await ranking()
        failures += await liveRooms()
        print("\n\(failures == 0 ? "All calls behaved as expected." : "\(failures) call(s) failed unexpectedly.")")
        return failures
    }

    func shop() async -> Int {
        DemoConsole.heading("Shop API: POST /mallProductsInfo/getProductList")
        let mall = provider(for: MallAPI.self)
        do {
            DemoConsole.step("First page of category 1")
            let response = try await mall.request(.goods(GoodsQuery(pageCurrent: 1, pageSize: 10, categoryId: 1)))
            let page = try response.map(GoodsPage.self, atKeyPath: "data")
            DemoConsole.result(
                "page \(page.current)/\(page.pages), \(page.records.count) of \(page.total) goods: "
                    + page.records.prefix(3).map { "\($0.productName) ¥\($0.price)" }.joined(separator: ", "))
            return 0
        } catch {
            DemoConsole.failure("\(error)")
            return 1
        }
    }

    func ranking() async -> Int {
        DemoConsole.heading("Box-office API: GET /boxoffice/rank")
        let rank = provider(for: RankAPI.self)
        do {
            DemoConsole.step("Ranking for area CN")
            let response = try await rank.request(.rank(area: "CN"))
            let films = try response.map([Film].self, atKeyPath: "result")
            DemoConsole.result(films.map { "\($0.rid). \($0.name) \($0.wboxoffice)" }.joined(separator: " · "))
            return 0
        } catch {
            DemoConsole.failure("\(error)")
            return 1
        }
    }

    func liveRooms() async -> Int {
        DemoConsole.heading("Live-room API: POST Room/GetHotLive_v2")
        let live = provider(for: LiveAPI.self)
        do {
            DemoConsole.step("Hot rooms")
            let response = try await live.request(.hotLive(page: 1))
            let rooms = try response.map([LiveRoom].self, atKeyPath: "data")
            DemoConsole.result(rooms.map { "\($0.title) (\($0.online) online)" }.joined(separator: " · "))
            return 0
        } catch {
            DemoConsole.failure("\(error)")
            return 1
        }
    }
}
