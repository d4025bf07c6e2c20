import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Docs: Business envelopes and errors")
struct EnvelopesDocTests {
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

    private func shop(answering body: String) -> Provider<EnvelopesDoc.MallAPI> {
        Provider(transport: ScriptedTransport(body: Data(body.utf8)), envelope: EnvelopesDoc.ShopEnvelope())
    }

    @Test("the shop dialect: data as an object, as a string, unread, missing (nil) and ignored")
    func shopDialect() async throws {
        let mall = Provider<EnvelopesDoc.MallAPI>(
            transport: Self.mallServer(),
            envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))

        #expect(try await mall.request(.product(id: 7), as: EnvelopesDoc.Goods.self).productName == "Tea")
        #expect(try await mall.request(.login(user: "ann"), as: String.self) == "token-abc123")
        try await mall.requestStatus(.deleteAddress(id: 3))
        #expect(try await mall.request(.product(id: 8), as: EnvelopesDoc.Goods?.self) == nil)
        _ = try await mall.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)
    }

    @Test("the ranking envelope accepts the string code \"200\" and decodes result; its sibling the integer 200")
    func rankingDialect() async throws {
        let body =
            #"{"resultcode": "200", "reason": "success", "result": [{"rid": "1", "name": "Film", "wk": "w", "#
            + #""wboxoffice": "1.2亿", "tboxoffice": "3.4亿"}], "error_code": 0}"#
        let boxOffice = Provider<EnvelopesDoc.BoxOfficeAPI>(
            transport: ScriptedTransport(body: Data(body.utf8)),
            envelope: JSONEnvelope(
                codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"]))
        let films = try await boxOffice.request(.rank(area: "CN"), as: [EnvelopesDoc.Film].self)
        #expect(films == [EnvelopesDoc.Film(rid: "1", name: "Film", wk: "w", wboxoffice: "1.2亿", tboxoffice: "3.4亿")])

        let siblingBody = #"{"resultCode": 200, "resultMsg": "查询成功", "data": []}"#
        let sibling = Provider<EnvelopesDoc.BoxOfficeAPI>(
            transport: ScriptedTransport(body: Data(siblingBody.utf8)),
            envelope: JSONEnvelope(codeKey: "resultCode", messageKey: "resultMsg", successCodes: ["200"]))
        #expect(try await sibling.request(.rank(area: "CN"), as: [EnvelopesDoc.Film].self).isEmpty)
    }

    @Test("the live-room dialect: rooms, -1 is an expired session, another code shows the server's msg")
    func liveDialect() async throws {
        let answers = LockedState([
            #"{"code":0,"msg":"ok","data":[{"roomId":1,"title":"Room 1","online":321}]}"#,
            #"{"code":-1,"msg":"请登录!"}"#, #"{"code":3,"msg":"房间已关闭"}"#,
        ])
        let live = Provider<EnvelopesDoc.LiveRoomAPI>(
            transport: Self.server { _, _ in (200, answers.withLock { $0.removeFirst() }) },
            envelope: JSONEnvelope(expiredCodes: ["-1"]))

        let rooms = try await live.request(.hotLive(page: 1), as: [EnvelopesDoc.LiveRoom].self)
        #expect(rooms == [EnvelopesDoc.LiveRoom(roomId: 1, title: "Room 1", online: 321)])
        let loggedOut = await courierError { try await live.request(.hotLive(page: 1), as: [LiveRoom].self) }
        #expect(loggedOut?.code == 5003, "caught as CourierError.sessionExpired: the login screen")
        let closed = await courierError { try await live.request(.hotLive(page: 1), as: [LiveRoom].self) }
        #expect(closed?.code == 5001, "a business error: the HUD shows its userMessage")
        #expect(closed?.userMessage == "房间已关闭")
    }

    @Test("ReportAPI: the provider's envelope, no envelope and a custom one in one API")
    func perTargetOverride() async throws {
        struct Health: Decodable {
            let ok: Bool
        }
        let reports = Provider<EnvelopesDoc.ReportAPI>(
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

    @Test("ShopEnvelope: a bare login prompt is an expired session, logged as code 5003")
    func loginPrompt() async throws {
        let error = try await #require(throws: CourierError.self) {
            try await shop(answering: "please to login").requestStatus(.deleteAddress(id: 3))
        }
        #expect(error.code == 5003)
        #expect("courier \(error.code): \(error)".hasPrefix("courier 5003: The session has expired"))
    }

    @Test("ShopEnvelope: an HTTP 404 inside the JSON fails as HTTP 404")
    func notFoundInside() async {
        await #expect {
            try await shop(answering: #"{"succeed": false, "code": 404, "msg": "Not Found"}"#)
                .request(.product(id: 9), as: EnvelopesDoc.Goods.self)
        } throws: { error in
            guard case .statusCode(let response) = error as? CourierError else { return false }
            return response.statusCode == 404
        }
    }

    @Test("paged lists: every page in turn, and a prefix of the records fetches only the pages it needs")
    func pagedLists() async throws {
        let server = Self.mallServer()
        let mall = Provider<EnvelopesDoc.MallAPI>(transport: server, envelope: JSONEnvelope(successFlagKey: "succeed"))
        let goods = mall.pages(of: Page<EnvelopesDoc.Goods>.self) { page in .goods(page: page, categoryId: 1) }

        let lines = try await goods.reduce(into: [String]()) { lines, page in
            lines.append("page \(page.current) of \(page.pages): \(page.records.count) of \(page.total) goods")
        }
        let names = try await goods.records.prefix(15).reduce(into: [String]()) { $0.append($1.productName) }

        #expect(lines == ["page 1 of 3: 10 of 23 goods", "page 2 of 3: 10 of 23 goods", "page 3 of 3: 3 of 23 goods"])
        #expect(names.count == 15)
        #expect(names.last == "Goods 15")
        #expect(server.requests.count == 3 + 2)
    }

    @Test("FeedPage: another page shape through PagePayload, walked by a Paginator over any source")
    func feedPage() async throws {
        let feed = Paginator(firstPage: 1) { number in
            EnvelopesDoc.FeedPage(
                items: [
                    EnvelopesDoc.Goods(
                        id: number, categoryId: 1, productName: "Goods \(number)", introduction: "",
                        imgId: "img-\(number)", price: 9.5 + Double(number), priceUnit: "CNY")
                ],
                hasMore: number < 4)
        }
        let ids = try await feed.records.reduce(into: [Int]()) { $0.append($1.id) }
        #expect(ids == [1, 2, 3, 4])
    }
}
