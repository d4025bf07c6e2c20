import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Docs: Coming from signal-based wrappers")
struct SignalWrappersDocTests {
    private typealias Doc = SignalWrappersDoc

    /// The old error filter's codes, each answered by the shop backend, and the CourierError code
    /// the article's table gives for it.
    @Test(
        "each code of the old error filter becomes the CourierError the article's table names",
        arguments: [
            (#"{"succeed": true, "code": 0, "msg": "ok"}"#, 5002),  // 911
            ("<html>502 Bad Gateway</html>", 4001),  // 913
            (#"{"succeed": false, "code": 915, "msg": "not logged in"}"#, 5003),  // 915
            ("please to login", 5003),  // 915
            ("Request failed: unauthorized (401)", 5003),  // 915
            ("This request token is expired", 5003),  // 916
            (#"{"succeed": false, "code": 916, "msg": "token expired"}"#, 5003),  // 916
            (#"{"succeed": false, "code": 404, "msg": "Not Found"}"#, 3001),  // 918
            (#"{"succeed": false, "code": 0, "msg": "库存不足"}"#, 5001),  // 919
            (#"{"succeed": true, "code": 7, "msg": "库存不足"}"#, 5001),  // 919
        ])
    func errorFilterCodes(body: String, expectedCode: Int) async {
        let routed = LockedState(0)
        let shop = Provider<Doc.ShopAPI>(
            transport: ScriptedTransport(body: Data(body.utf8)),
            plugins: [SessionExpiryPlugin { routed.withLock { $0 += 1 } }],
            envelope: Doc.ShopEnvelope())
        await #expect {
            try await shop.request(.product(id: 7), as: Doc.Goods.self)
        } throws: { error in
            (error as? CourierError)?.code == expectedCode
        }
        #expect(routed.withLock { $0 } == (expectedCode == 5003 ? 1 : 0))
    }

    @Test("the response value of a business failure carries the server's code and message")
    func liveResponseValue() async {
        let live = Provider<Doc.LiveRequest>(
            transport: ScriptedTransport(body: Data(#"{"code": 3, "msg": "房间已关闭"}"#.utf8)),
            envelope: JSONEnvelope(expiredCodes: ["-1"]))
        let answer = await live.response(to: Doc.LiveRequest(path: "Room/Enter"), as: [Doc.LiveRoom].self)
        #expect(!answer.success && answer.code == "3" && answer.message == "房间已关闭")
    }
}
