import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MultiTarget")
struct MultiTargetTests {
    @Test("MultiTarget forwards every property")
    func forwards() {
        let wrapped = RankAPI.boxOffice(area: "CN")
        let multi = MultiTarget(wrapped)
        #expect(multi.baseURL == wrapped.baseURL)
        #expect(multi.path == wrapped.path)
        #expect(multi.method == wrapped.method)
        #expect(multi.sampleData == wrapped.sampleData)
        #expect(multi.validationType == .successCodes)
        #expect(multi.headers == nil)
        guard case .requestParameters(let parameters, _) = multi.task else {
            Issue.record("unexpected task \(multi.task)")
            return
        }
        #expect(parameters["area"] as? String == "CN")
    }

    @Test("unwrap sees through nested wrappers")
    func unwrap() {
        let nested = MultiTarget(MultiTarget(ShopAPI.detail(id: 3)))
        let unwrapped = MultiTarget.unwrap(nested)
        guard case .detail(let id) = unwrapped as? ShopAPI else {
            Issue.record("unwrap returned \(unwrapped)")
            return
        }
        #expect(id == 3)
        #expect(MultiTarget.unwrap(RankAPI.boxOffice(area: "x")) is RankAPI)
    }

    @Test("one provider sends targets of two APIs, and plugins can see the real target")
    func oneProviderTwoAPIs() async throws {
        let seen = LockedState<[String]>([])
        struct Spy: PluginType {
            let seen: @Sendable (String) -> Void
            func willSend(_ request: URLRequest, target: any TargetType) {
                seen(String(describing: type(of: MultiTarget.unwrap(target))))
            }
        }
        let transport = ScriptedTransport(body: Data("{}".utf8))
        let provider = Provider<MultiTarget>(
            transport: transport, plugins: [Spy { name in seen.withLock { $0.append(name) } }])
        _ = try await provider.request(.target(ShopAPI.goods(page: 2)))
        _ = try await provider.request(.target(RankAPI.boxOffice(area: "CN")))
        let urls = transport.requests.map { $0.urlRequest.url?.absoluteString }
        #expect(
            urls == ["https://shop.example.com/goods/list", "https://rank.example.com/api/boxoffice?area=CN"])
        #expect(transport.requests.first?.urlRequest.httpMethod == "POST")
        #expect(transport.requests.first?.urlRequest.bodyText == "page=2")
        #expect(seen.withLock { $0 } == ["ShopAPI", "RankAPI"])
    }

    @Test("the wrapped target's validation and sample data apply")
    func validationAndStubs() async throws {
        let stubbed = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let response = try await stubbed.request(.target(ShopAPI.detail(id: 9)))
        #expect(response.data == Data(#"{"id":9}"#.utf8))

        let failing = Provider<MultiTarget>(transport: ScriptedTransport(status: 500))
        let error = try await #require(throws: CourierError.self) {
            try await failing.request(.target(RankAPI.boxOffice(area: "CN")))
        }
        #expect(error.testCaseName == "statusCode")
        #expect(try await failing.request(.target(ShopAPI.detail(id: 1))).statusCode == 500)
    }
}
