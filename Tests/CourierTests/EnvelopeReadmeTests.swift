import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of the Business envelopes article (Sources/Provider/Courier.docc/Articles/BusinessEnvelopesAndErrors.md), statement for statement, against in-memory
// servers. `Goods`, `MallAPI`, `Film`, `BoxOfficeAPI`, `LiveRoom`, `LiveRoomAPI` and
// `ShopEnvelope` are in EnvelopeFixtures.swift, as the fragment defines them.

/// The fragment's per-target override example.
enum ReportAPI: TargetType, EnvelopeOverriding {
    case summary, health
    case rank(area: String)

    var baseURL: URL { URL(string: "https://reports.example.com")! }
    var path: String {
        switch self {
        case .summary: "/summary"
        case .health: "/health"
        case .rank: "/boxoffice/rank"
        }
    }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }

    var envelope: EnvelopeOverride {
        switch self {
        case .summary: .inherited  // the provider's envelope
        case .health: .raw  // no envelope: the whole body
        case .rank: .custom(JSONEnvelope(codeKey: "resultcode", dataKey: "result", successCodes: ["200"]))
        }
    }
}

/// The fragment's custom page shape.
struct FeedPage: Decodable, PagePayload {
    let items: [Goods]
    let hasMore: Bool

    var records: [Goods] { items }
    var hasNextPage: Bool { hasMore }
}

@Suite("README: envelopes, error codes and pages")
struct EnvelopeReadmeTests {
    /// Answers each request from `route(path, form body)` as `(status, body)`.
    private static func server(_ route: @escaping @Sendable (String, String) -> (Int, String)) -> ScriptedTransport {
        ScriptedTransport { request in
            let form = String(decoding: request.urlRequest.httpBody ?? Data(), as: UTF8.self)
            let (status, body) = route(request.urlRequest.url?.path ?? "", form)
            return TransportResponse(response: .make(for: request.urlRequest, status: status), data: Data(body.utf8))
        }
    }

    private static let tea =
        #"{"id":7,"categoryId":3,"productName":"Tea","introduction":"Green tea","#
        + #""imgId":"img-7","price":12.5,"priceUnit":"CNY"}"#

    /// The shop backend: products 7 (tea) and 8 (none), login, delete, 23 goods in category 1.
    private static func mallServer() -> ScriptedTransport {
        server { path, form in
            switch path {
            case "/mallProductsInfo/getProduct":
                return (
                    200, form == "id=7" ? #"{"succeed":true,"code":0,"data":\#(tea)}"# : #"{"succeed":true,"code":0}"#
                )
            case "/user/login":
                return (200, #"{"succeed":true,"code":0,"msg":"登录成功","data":"token-abc123"}"#)
            case "/address/delete":
                return (200, form == "id=3" ? #"{"succeed":true,"code":0,"msg":"删除成功"}"# : "please to login")
            default:
                let page =
                    Int(form.split(separator: "&").first { $0.hasPrefix("pageCurrent=") }?.dropFirst(12) ?? "") ?? 1
                let ids = (page - 1) * 10 + 1...min(page * 10, 23)
                let records = ids.map { id in
                    #"{"id":\#(id),"categoryId":1,"productName":"Goods \#(id)","introduction":"","#
                        + #""imgId":"img-\#(id)","price":\#(9.5 + Double(id)),"priceUnit":"CNY"}"#
                }
                let data =
                    #"{"size":10,"current":\#(page),"pages":3,"total":23,"records":[\#(records.joined(separator: ","))]}"#
                return (200, #"{"succeed":true,"code":0,"msg":"查询成功","data":\#(data)}"#)
            }
        }
    }

    @Test("the shop dialect")
    func shopDialect() async throws {
        let mall = Provider<MallAPI>(
            transport: Self.mallServer(),
            envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))

        let tea = try await mall.request(.product(id: 7), as: Goods.self)  // data is an object
        let token = try await mall.request(.login(user: "ann"), as: String.self)  // data is a string
        try await mall.requestStatus(.deleteAddress(id: 3))  // nobody reads data

        #expect(tea.productName == "Tea")
        #expect(token == "token-abc123")

        let maybe = try await mall.request(.product(id: 8), as: Goods?.self)  // nil when data is missing or null
        _ = try await mall.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)  // same as requestStatus
        #expect(maybe == nil)
    }

    @Test("the ranking dialects")
    func rankDialects() async throws {
        let rankEnvelope = JSONEnvelope(
            codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])
        let siblingEnvelope = JSONEnvelope(codeKey: "resultCode", messageKey: "resultMsg", successCodes: ["200"])

        let rankServer = Self.server { _, _ in
            (
                200,
                #"{"resultcode":"200","reason":"success","result":[{"rid":"1","name":"Film","wk":"w","#
                    + #""wboxoffice":"1.2亿","tboxoffice":"3.4亿"}],"error_code":0}"#
            )
        }
        let boxOffice = Provider<BoxOfficeAPI>(transport: rankServer, envelope: rankEnvelope)
        let films = try await boxOffice.request(.rank(area: "CN"), as: [Film].self)
        #expect(films.map(\.name) == ["Film"])

        let sibling = Provider<BoxOfficeAPI>(
            transport: Self.server { _, _ in (200, #"{"resultCode":200,"resultMsg":"查询成功","data":[]}"#) },
            envelope: siblingEnvelope)
        #expect(try await sibling.request(.rank(area: "CN"), as: [Film].self).isEmpty)
    }

    @Test("the live-room dialect routes -1 to the login screen and shows other messages")
    func liveDialect() async throws {
        let answers = LockedState([
            #"{"code":0,"msg":"ok","data":[{"roomId":1,"title":"Room 1","online":321}]}"#,
            #"{"code":-1,"msg":"请登录!"}"#, #"{"code":3,"msg":"房间已关闭"}"#,
        ])
        let liveServer = Self.server { _, _ in (200, answers.withLock { $0.removeFirst() }) }
        var shown: [[LiveRoom]] = []
        var loginScreens = 0
        var hud: [String] = []
        func show(_ rooms: [LiveRoom]) { shown.append(rooms) }
        func goToLogin() { loginScreens += 1 }

        let live = Provider<LiveRoomAPI>(transport: liveServer, envelope: JSONEnvelope(expiredCodes: ["-1"]))
        for _ in 0..<3 {
            do {
                let rooms = try await live.request(.hotLive(page: 1), as: [LiveRoom].self)
                show(rooms)
            } catch CourierError.sessionExpired {
                goToLogin()
            } catch let error as CourierError {
                hud.append(error.userMessage)  // the server's msg, or a generic sentence when it sent none
            }
        }
        #expect(shown == [[LiveRoom(roomId: 1, title: "Room 1", online: 321)]])
        #expect(loginScreens == 1)
        #expect(hud == ["房间已关闭"])
    }

    @Test("enveloped and raw endpoints in one API")
    func override() async throws {
        struct Health: Decodable {
            let ok: Bool
        }
        let reports = Provider<ReportAPI>(
            transport: Self.server { path, _ in
                switch path {
                case "/summary": (200, #"{"code":0,"msg":"ok","data":{"count":4}}"#)
                case "/health": (200, #"{"ok":true}"#)
                default: (200, #"{"resultcode":"200","result":["a"]}"#)
                }
            }, envelope: JSONEnvelope())
        #expect(try await reports.request(.summary, as: [String: Int].self) == ["count": 4])
        #expect(try await reports.request(.health, as: Health.self).ok)
        #expect(try await reports.request(.rank(area: "CN"), as: [String].self) == ["a"])
    }

    @Test("the custom envelope sends a bare login prompt to sessionExpired; error codes branch")
    func customEnvelopeAndCodes() async throws {
        let shop = Provider<MallAPI>(transport: Self.mallServer(), envelope: ShopEnvelope())
        var logged: [String] = []
        var loginScreens = 0
        func log(_ line: String) { logged.append(line) }
        func goToLogin() { loginScreens += 1 }
        let mall = shop

        do {
            try await mall.requestStatus(.deleteAddress(id: 4))  // answered "please to login"
        } catch let error as CourierError {
            log("courier \(error.code): \(error)")
            if error.code == 5003 { goToLogin() } else { Issue.record("unexpected \(error)") }
        }
        #expect(loginScreens == 1)
        #expect(logged.first?.hasPrefix("courier 5003: The session has expired") == true)
    }

    @Test("walking the goods pages, and a prefix of the records")
    func pages() async throws {
        let server = Self.mallServer()
        let mall = Provider<MallAPI>(transport: server, envelope: JSONEnvelope(successFlagKey: "succeed"))

        let goods = mall.pages(of: Page<Goods>.self) { page in .goods(page: page, categoryId: 1) }

        var lines: [String] = []
        for try await page in goods {
            lines.append("page \(page.current) of \(page.pages): \(page.records.count) of \(page.total) goods")
        }
        var names: [String] = []
        for try await item in goods.records.prefix(15) {  // fetches 2 pages, not all
            names.append(item.productName)
        }
        #expect(lines == ["page 1 of 3: 10 of 23 goods", "page 2 of 3: 10 of 23 goods", "page 3 of 3: 3 of 23 goods"])
        #expect(names.count == 15)
        #expect(names.last == "Goods 15")
        #expect(server.requests.count == 3 + 2)
    }

    @Test("another page shape through PagePayload, and Paginator over any source")
    func customPageShape() async throws {
        let feed = Paginator(firstPage: 1) { number in
            FeedPage(items: [Goods.sample(number)], hasMore: number < 4)
        }
        let ids = try await feed.records.reduce(into: [Int]()) { $0.append($1.id) }
        #expect(ids == [1, 2, 3, 4])
    }
}
