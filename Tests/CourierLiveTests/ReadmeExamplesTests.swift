import Courier
import CourierPlugins
import CourierTesting
import Testing

/// The README's examples that these tests run, and those that moved from it to the DocC guides
/// (each MARK names the page it is on now; scripts/check-doc-examples compiles every one of them
/// as written). Keep them in step with their page: a changed example there changes here.
enum ReadmeExamples {
    // MARK: Twenty lines

    struct Goods: Decodable, Sendable {
        let id: Int
        let productName: String
    }

    enum MallAPI: TargetType {
        case goods(page: Int, categoryId: Int)

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 10, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            }
        }
    }

    static func twentyLines(transport: any Transport) async throws -> String {
        let mall = Provider<MallAPI>(transport: transport, envelope: JSONEnvelope(successFlagKey: "succeed"))
        let page = try await mall.request(.goods(page: 1, categoryId: 3), as: Page<Goods>.self)
        return "\(page.total) goods, first: \(page.records.first?.productName ?? "-")"
    }

    // MARK: Defining an API

    struct Film: Decodable, Sendable {
        let name: String
    }

    enum RankAPI: TargetType {
        case rank(area: String)

        var baseURL: URL { URL(string: "https://box.example.com/v1")! }
        var path: String { "/boxoffice/rank" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .rank(let area):
                .requestParameters(parameters: ["area": area, "key": "YOUR_KEY"], encoding: URLEncoding.queryString)
            }
        }
        var validationType: ValidationType { .successCodes }
        var sampleData: Data { Data(#"{"resultcode":"200","reason":"success","result":[]}"#.utf8) }
    }

    // MARK: Stubs, responses

    static func stubs() async throws -> Response {
        let offline = Provider<RankAPI>(stubClosure: Provider.immediatelyStub)
        return try await offline.request(.rank(area: "CN"))
    }

    static func mapping(_ response: Response) throws -> (Int, [String]) {
        let total = try response.map(Int.self, atKeyPath: "data.total")
        let tags = try response.map([String].self, atKeyPath: "user.tags")
        return (total, tags)
    }

    // MARK: Paged lists (Business envelopes and errors)

    static func pages(mall: Provider<MallAPI>) async throws {
        let goods = mall.pages(of: Page<Goods>.self) { page in .goods(page: page, categoryId: 1) }
        for try await page in goods {
            print("page \(page.current)/\(page.pages): \(page.records.count) goods")
        }
        for try await item in goods.records.prefix(15) { print(item.productName) }
    }

    // MARK: Plugins (the audit plugin: the Plugins guide)

    final class AuditPlugin: PluginType {
        private let lines = LockedState<[String]>([])

        func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            var request = request
            try request.replaceHeaderField("X-Request-Id", value: UUID().uuidString)
            return request
        }

        func willSend(_ request: URLRequest, target: any TargetType) {
            let headers = request.allHTTPHeaderFields ?? [:]
            var secrets = SecretValues()
            secrets.add(headers: headers)  // SecretMasking.default's secret headers
            // Raw strings: `"\(headers)"` would escape quotes, and an escaped secret is not found.
            let fields = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            let line =
                "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "") \(fields.joined(separator: "; "))"
            lines.withLock { $0.append(secrets.masked(line)) }
        }

        var recorded: [String] { lines.withLock { $0 } }
    }

    static let tokens = TokenStore(credential: AuthCredential(accessToken: "saved-token"))

    static func plugins() -> Provider<MallAPI> {
        let hud = ActivityIndicator(gracePeriod: 0.3) { state in print(state == .busy ? "spinner on" : "spinner off") }
        let provider = Provider<MallAPI>(plugins: [
            AccessTokenPlugin { _ in await tokens.accessToken ?? "" },
            NetworkLoggerPlugin(configuration: .init(logOptions: .verbose)),
            NetworkActivityPlugin(indicator: hud),
            StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in print(message.text) },
        ])
        return provider
    }

    // MARK: Shared calls and time limits (Endpoints and common parameters)

    static let feed = Provider<MallAPI>(trackInflights: true)
    static let patient = Provider<MallAPI>(options: ProviderOptions(timeout: 120))
}

extension ReadmeExamples.MallAPI: AccessTokenAuthorizable {
    var authorizationType: AuthorizationType? { .bearer }
}

extension ReadmeExamples.MallAPI: TimeoutConfigurable {
    var timeout: TimeInterval? { 10 }
}

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("the twenty-line example decodes a page through the envelope")
    func twentyLines() async throws {
        let stubs = StubTransport()
        stubs.when(ReadmeExamples.MallAPI.goods(page: 1, categoryId: 3)).respond(
            .json(
                #"{"succeed":true,"code":0,"msg":"查询成功","data":{"size":10,"current":1,"pages":1,"total":1,"records":[{"id":1,"productName":"Longjing"}]}}"#
            ))
        #expect(try await ReadmeExamples.twentyLines(transport: stubs) == "1 goods, first: Longjing")
    }

    @Test("the testing example, as written in the README")
    func loadsTheFirstPage() async throws {
        typealias MallAPI = ReadmeExamples.MallAPI
        typealias Goods = ReadmeExamples.Goods
        let stubs = StubTransport()
        stubs.when(MallAPI.goods(page: 1, categoryId: 3)).respond(
            .json(
                """
                {"succeed":true,"code":0,"msg":"ok","data":{"size":10,"current":1,"pages":1,"total":1,
                 "records":[{"id":1,"productName":"Longjing"}]}}
                """))
        let mall = Provider<MallAPI>(transport: stubs, envelope: JSONEnvelope(successFlagKey: "succeed"))

        let page = try await mall.request(.goods(page: 1, categoryId: 3), as: Page<Goods>.self)

        #expect(page.records.map(\.productName) == ["Longjing"])
        #expect(stubs.sentRequests.map(\.path) == ["/mallProductsInfo/getProductList"])
        #expect(stubs.sentRequests[0].formBody["categoryId"] == "3")
    }

    @Test("the stub example answers the target's sample data")
    func stubs() async throws {
        let response = try await ReadmeExamples.stubs()
        #expect(response.statusCode == 200)
        #expect(try response.map([ReadmeExamples.Film].self, atKeyPath: "result").isEmpty)
    }

    @Test("the key-path example reads a scalar and a nested array")
    func keyPaths() throws {
        let body = Data(#"{"data":{"total":23},"user":{"tags":["tea","green"]}}"#.utf8)
        let (total, tags) = try ReadmeExamples.mapping(Response(statusCode: 200, data: body))
        #expect(total == 23)
        #expect(tags == ["tea", "green"])
    }

    @Test("the paginator example walks every page")
    func paginator() async throws {
        let stubs = StubTransport()
        stubs.when(ReadmeExamples.MallAPI.goods(page: 1, categoryId: 1)).respond(
            .json(
                #"{"succeed":true,"code":0,"data":{"size":1,"current":1,"pages":1,"total":1,"records":[{"id":1,"productName":"Tea"}]}}"#
            ))
        let mall = Provider<ReadmeExamples.MallAPI>(
            transport: stubs, envelope: JSONEnvelope(successFlagKey: "succeed"))
        try await ReadmeExamples.pages(mall: mall)
        #expect(stubs.sentRequests.count == 2)
    }

    @Test("the audit plugin example stamps a request id and masks the token in its lines")
    func auditPlugin() async throws {
        typealias MallAPI = ReadmeExamples.MallAPI
        let stubs = StubTransport()
        stubs.when(MallAPI.goods(page: 1, categoryId: 3)).respond(.json(#"{"succeed":true,"code":0,"data":null}"#))
        let audit = ReadmeExamples.AuditPlugin()
        let mall = Provider<MallAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: [
                        "Authorization": "Bearer s3cret-token", "Cookie": #"sid="s3cret-cookie""#,
                    ])
            },
            transport: stubs, plugins: [audit])

        _ = try await mall.request(.goods(page: 1, categoryId: 3))

        let line = try #require(audit.recorded.first)
        #expect(audit.recorded.count == 1)
        #expect(line.hasPrefix("POST https://mall.example.com/mallProductsInfo/getProductList"))
        #expect(line.contains("X-Request-Id"))
        #expect(!line.contains("s3cret-token"))
        #expect(!line.contains("s3cret-cookie"))
        #expect(line.contains("***"))
        let sent = try #require(stubs.sentRequests.first)
        #expect(sent.urlRequest.value(forHTTPHeaderField: "X-Request-Id")?.count == 36)
    }

    @Test("the built-in plugins' example sends the stored token: its MallAPI asks for one")
    func accessToken() async throws {
        let stubs = StubTransport()
        stubs.when(ReadmeExamples.MallAPI.goods(page: 1, categoryId: 3)).respond(.json(#"{"succeed":true,"code":0}"#))
        let mall = Provider<ReadmeExamples.MallAPI>(
            transport: stubs, plugins: [AccessTokenPlugin { _ in await ReadmeExamples.tokens.accessToken ?? "" }])

        _ = try await mall.request(.goods(page: 1, categoryId: 3))

        #expect(stubs.sentRequests.first?.header("Authorization") == "Bearer saved-token")
    }

    @Test("the plugin and timeout examples build providers")
    func providers() {
        #expect(ReadmeExamples.plugins().plugins.count == 4)
        #expect(ReadmeExamples.MallAPI.goods(page: 1, categoryId: 1).timeout == 10)
        #expect(ReadmeExamples.feed.trackInflights)
        #expect(ReadmeExamples.patient.options.timeout == 120)
        #expect(ProviderOptions().timeout == 60)
    }
}
