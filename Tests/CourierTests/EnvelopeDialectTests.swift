import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The three envelope dialects (shop, box office, live room) through a provider, as the README shows them.
@Suite("Envelope dialects through a provider")
struct EnvelopeDialectTests {
    private static let tea =
        #"{"id":7,"categoryId":3,"productName":"Tea","introduction":"Green tea","#
        + #""imgId":"img-7","price":12.5,"priceUnit":"CNY"}"#

    // MARK: 1. the shop backend

    @Test("shop: an object, a string token and a status-only call")
    func shopSuccess() async throws {
        let product = Provider<MallAPI>.answering(
            #"{"succeed":true,"code":0,"msg":"查询成功","data":\#(Self.tea)}"#, envelope: Dialects.shop)
        let goods = try await product.request(.product(id: 7), as: Goods.self)
        #expect(goods.productName == "Tea")
        #expect(goods.price == 12.5)

        let login = Provider<MallAPI>.answering(
            #"{"succeed":true,"code":0,"msg":"登录成功","data":"token-abc123"}"#, envelope: Dialects.shop)
        let token = try await login.request(.login(user: "ann"), as: String.self)
        #expect(token == "token-abc123")

        let delete = Provider<MallAPI>.answering(#"{"succeed":true,"code":0,"msg":"删除成功"}"#, envelope: Dialects.shop)
        let response = try await delete.request(.deleteAddress(id: 3))
        #expect(response.statusCode == 200)
        let ignored = try await delete.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)
        #expect(ignored == nil)
    }

    @Test("shop: a business failure fails request(_:) and request(_:as:) alike")
    func shopFailure() async throws {
        let provider = Provider<MallAPI>.answering(
            #"{"succeed":false,"code":919,"msg":"库存不足"}"#, envelope: Dialects.shop)
        for error in [
            await courierError { try await provider.request(.deleteAddress(id: 3)) },
            await courierError { try await provider.request(.product(id: 7), as: Goods.self) },
        ] {
            guard case .business(let code, let message, _) = error else {
                Issue.record("expected .business, got \(String(describing: error))")
                continue
            }
            #expect(code == "919")
            #expect(message == "库存不足")
            #expect(error?.userMessage == "库存不足")
        }
    }

    @Test("shop: succeed false with code 0 still fails")
    func shopSucceedFalse() async {
        let provider = Provider<MallAPI>.answering(
            #"{"succeed":false,"code":0,"msg":"操作失败","data":null}"#, envelope: Dialects.shop)
        let error = await courierError { try await provider.request(.deleteAddress(id: 3)) }
        #expect(error?.code == 5001)
        #expect(error?.userMessage == "操作失败")
    }

    @Test("shop: codes 915 and 916 are an expired session")
    func shopExpired() async {
        for code in [915, 916] {
            let provider = Provider<MallAPI>.answering(
                #"{"succeed":false,"code":\#(code),"msg":"login"}"#, envelope: Dialects.shop)
            let error = await courierError { try await provider.request(.product(id: 1), as: Goods.self) }
            #expect(error?.code == 5003, "code \(code)")
        }
    }

    // MARK: 2. the ranking API

    @Test("rank: the string code \"200\" and a list under result")
    func rankSuccess() async throws {
        let provider = Provider<BoxOfficeAPI>.answering(
            #"""
            {"resultcode":"200","reason":"success","error_code":0,
             "result":[{"rid":"1","name":"Film","wk":"week","wboxoffice":"1.2亿","tboxoffice":"3.4亿"}]}
            """#, envelope: Dialects.rank)
        let films = try await provider.request(.rank(area: "CN"), as: [Film].self)
        #expect(films == [Film(rid: "1", name: "Film", wk: "week", wboxoffice: "1.2亿", tboxoffice: "3.4亿")])
    }

    @Test("rank: another result code is a business error carrying the reason")
    func rankFailure() async {
        let provider = Provider<BoxOfficeAPI>.answering(
            #"{"resultcode":"112","reason":"超过每日可允许请求次数!","result":null,"error_code":10012}"#,
            envelope: Dialects.rank)
        let error = await courierError { try await provider.request(.rank(area: "CN"), as: [Film].self) }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "112")
        #expect(message == "超过每日可允许请求次数!")
    }

    @Test("resultCode: the integer code 200 matches \"200\"")
    func resultCodeInteger() async throws {
        struct Named: Decodable {
            let name: String
        }
        let provider = Provider<BoxOfficeAPI>.answering(
            #"{"resultCode":200,"resultMsg":"查询成功","data":{"name":"x"}}"#, envelope: Dialects.resultCode)
        #expect(try await provider.request(.rank(area: "CN"), as: Named.self).name == "x")
    }

    // MARK: 3. the live-room app

    @Test("live: a list of rooms, and -1 as not logged in")
    func liveRooms() async throws {
        let hot = Provider<LiveRoomAPI>.answering(
            #"{"code":0,"msg":"ok","data":[{"roomId":1,"title":"Room 1","online":321}]}"#, envelope: Dialects.live)
        let rooms = try await hot.request(.hotLive(page: 1), as: [LiveRoom].self)
        #expect(rooms == [LiveRoom(roomId: 1, title: "Room 1", online: 321)])

        let loggedOut = Provider<LiveRoomAPI>.answering(#"{"code":-1,"msg":"请登录!"}"#, envelope: Dialects.live)
        let error = await courierError { try await loggedOut.request(.hotLive(page: 1), as: [LiveRoom].self) }
        guard case .sessionExpired(let response) = error else {
            Issue.record("expected .sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: response.data, as: UTF8.self).contains("请登录!"))
    }

    @Test("live: another code shows the server's message, or a fallback when it sent none")
    func liveOtherCode() async {
        let withMessage = Provider<LiveRoomAPI>.answering(#"{"code":7,"msg":"房间已关闭"}"#, envelope: Dialects.live)
        let first = await courierError { try await withMessage.request(.hotLive(page: 1), as: [LiveRoom].self) }
        #expect(first?.userMessage == "房间已关闭")
        let silent = Provider<LiveRoomAPI>.answering(#"{"code":7}"#, envelope: Dialects.live)
        let second = await courierError { try await silent.request(.hotLive(page: 1), as: [LiveRoom].self) }
        #expect(second?.userMessage == "Something went wrong on the server. Please try again later.")
    }

    // MARK: HTTP statuses and non-JSON bodies

    @Test("HTTP 401 is sessionExpired with or without an envelope")
    func http401() async {
        for envelope in [Dialects.shop, nil] as [(any ResponseEnvelope)?] {
            let provider = Provider<MallAPI>.answering(
                #"{"code":401,"msg":"token expired"}"#, status: 401, envelope: envelope)
            let error = await courierError { try await provider.request(.product(id: 1), as: Goods.self) }
            #expect(error?.code == 5003)
        }
    }

    @Test("an HTML error page is jsonMapping (body kept), or statusCode when the target validates")
    func htmlErrorPage() async {
        let html = "<html><body><h1>500 Internal Server Error</h1></body></html>"
        let lenient = Provider<CannedTarget>.answering(html, status: 500, envelope: JSONEnvelope())
        let error = await courierError { try await lenient.request(CannedTarget()) }
        guard case .jsonMapping(let response) = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: response.data, as: UTF8.self) == html)

        let strict = Provider<CannedTarget>.answering(html, status: 500, envelope: JSONEnvelope())
        let strictError = await courierError { try await strict.request(CannedTarget(validationType: .successCodes)) }
        #expect(strictError?.code == 3001)
    }

    @Test("without an envelope, request(_:) does not look at the body and request(_:as:) decodes all of it")
    func noEnvelope() async throws {
        let provider = Provider<CannedTarget>.answering(#"{"code":919,"msg":"no"}"#, envelope: nil)
        #expect(try await provider.request(CannedTarget()).statusCode == 200)
        struct Whole: Decodable {
            let code: Int
        }
        #expect(try await provider.request(CannedTarget(), as: Whole.self).code == 919)
    }

    @Test("a download, a 204 and a HEAD answer pass the status check of an enveloped provider")
    func noBodyByDesign() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-envelope-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.bin")
        let download = CannedTarget(task: .downloadDestination({ _, _ in file }))
        let downloaded = try await Provider<CannedTarget>.answering("file bytes", envelope: Dialects.shop)
            .request(download)
        #expect(downloaded.fileURL == file)
        #expect(try Data(contentsOf: file) == Data("file bytes".utf8))

        let noContent = Provider<CannedTarget>.answering("", status: 204, envelope: Dialects.shop)
        #expect(try await noContent.request(CannedTarget()).statusCode == 204)
        let head = Provider<CannedTarget>.answering("", envelope: Dialects.shop)
        #expect(try await head.request(CannedTarget(method: .head)).statusCode == 200)

        // An empty body that should have held an envelope is still not one.
        let empty = Provider<CannedTarget>.answering("", envelope: Dialects.shop)
        let error = await courierError { try await empty.request(CannedTarget()) }
        #expect(error?.code == 4001)
    }

    // MARK: inside the pipeline

    /// Retries once on an expired session, recording the errors it is shown.
    private final class RefreshOnExpiry: PluginType {
        let seen = LockedState<[String]>([])

        func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
            -> RetryDecision
        {
            seen.withLock { $0.append("\(error.code)") }
            guard case .sessionExpired = error, attempt == 1 else { return .doNotRetry }
            return .retry
        }
    }

    @Test("an expired code becomes sessionExpired before retry plugins run, so a refresh can retry")
    func expiredCodeReachesRetry() async throws {
        let calls = LockedState(0)
        let transport = ScriptedTransport { request in
            let number = calls.withLock { count -> Int in
                count += 1
                return count
            }
            let body =
                number == 1
                ? #"{"succeed":false,"code":916,"msg":"token expired"}"#
                : #"{"succeed":true,"code":0,"msg":"ok","data":"fresh"}"#
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data(body.utf8))
        }
        let plugin = RefreshOnExpiry()
        let provider = Provider<MallAPI>(transport: transport, plugins: [plugin], envelope: Dialects.shop)
        let token = try await provider.request(.login(user: "ann"), as: String.self)
        #expect(token == "fresh")
        #expect(plugin.seen.withLock { $0 } == ["5003"])
        #expect(calls.withLock { $0 } == 2)
    }
}
