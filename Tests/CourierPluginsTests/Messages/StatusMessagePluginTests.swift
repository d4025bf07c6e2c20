import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StatusMessagePlugin")
struct StatusMessagePluginTests {
    private static let url = URL(string: "https://api.example.com/v1/items")!

    private static func response(_ status: Int, _ body: String = "") -> Response {
        Response(statusCode: status, data: Data(body.utf8), response: .make(url: url, status: status))
    }

    /// The messages a plugin presents for the call `transport` answers.
    private func messages(
        for target: PluginTarget = PluginTarget(), transport: any Transport,
        messages: StatusMessages = StatusMessages(),
        extraPlugins: [any PluginType] = []
    ) async -> [StatusMessage] {
        let presented = Recorder<StatusMessage>()
        let plugin = StatusMessagePlugin(messages: messages) { message, _ in presented.append(message) }
        await send(target, plugins: extraPlugins + [plugin], transport: transport)
        return presented.all
    }

    @Test(
        "each kind of transport failure gets its sentence",
        arguments: [
            (URLError.Code.notConnectedToInternet, StatusMessageKind.offline),
            (.networkConnectionLost, .offline),
            (.cannotConnectToHost, .cannotConnect),
            (.cannotFindHost, .cannotConnect),
            (.timedOut, .timeout),
            (.badServerResponse, .other),
        ])
    func transportFailures(code: URLError.Code, kind: StatusMessageKind) async throws {
        let presented = await messages(transport: ScriptedTransport.failing(URLError(code)))
        let message = try #require(presented.first)
        #expect(presented.count == 1)
        #expect(message.kind == kind)
        #expect(message.text == StatusMessages()[kind])
    }

    @Test("HTTP failures: 5xx is a server error, 4xx a client error, 401 an expired session")
    func httpFailures() async {
        let validated = PluginTarget(validationType: .successCodes)
        #expect(await messages(for: validated, transport: ScriptedTransport(status: 503)).map(\.kind) == [.serverError])
        #expect(await messages(for: validated, transport: ScriptedTransport(status: 404)).map(\.kind) == [.clientError])
        #expect(await messages(transport: ScriptedTransport(status: 401)).map(\.kind) == [.sessionExpired])
        #expect(await messages(transport: ScriptedTransport(status: 200)).isEmpty, "no message for a success")
    }

    @Test("the server's business message is shown as it is, the fallback when it sent none")
    func businessMessages() async {
        let withMessage = await messages(
            transport: ScriptedTransport(), extraPlugins: [BusinessFailurePlugin(message: "  库存不足 ")])
        #expect(withMessage.map(\.text) == ["库存不足"])
        #expect(withMessage.map(\.kind) == [.business])

        var chinese = StatusMessages.simplifiedChinese
        chinese.business = "操作失败"
        let withoutMessage = await messages(
            transport: ScriptedTransport(), messages: chinese, extraPlugins: [BusinessFailurePlugin(message: nil)])
        #expect(withoutMessage.map(\.text) == ["操作失败"])

        var ownWords = StatusMessages()
        ownWords.usesServerMessages = false
        let ignored = await messages(
            transport: ScriptedTransport(), messages: ownWords, extraPlugins: [BusinessFailurePlugin(message: "E1024")])
        #expect(ignored.map(\.text) == [StatusMessages().business])
    }

    @Test("the app replaces any sentence, such as the classic one for server errors")
    func replacedSentence() async {
        var messages = StatusMessages()
        messages.serverError = "服务器出错了，请稍后重试~"
        let presented = await self.messages(
            for: PluginTarget(validationType: .successCodes), transport: ScriptedTransport(status: 500),
            messages: messages)
        #expect(presented.map(\.text) == ["服务器出错了，请稍后重试~"])
    }

    @Test("a nil sentence, a cancelled call and an opted-out target show nothing")
    func silence() async {
        var noTimeouts = StatusMessages()
        noTimeouts.timeout = nil
        #expect(await messages(transport: ScriptedTransport.failing(URLError(.timedOut)), messages: noTimeouts).isEmpty)
        #expect(await messages(transport: ScriptedTransport.failing(CancellationError())).isEmpty)
        #expect(await messages(transport: ScriptedTransport.failing(URLError(.cancelled))).isEmpty)
        #expect(
            await messages(
                for: PluginTarget(showsStatusMessages: false), transport: ScriptedTransport.failing(URLError(.timedOut))
            ).isEmpty)
    }

    @Test("an opted-out target is recognised through MultiTarget")
    func optOutThroughMultiTarget() async throws {
        let presented = Recorder<String>()
        let plugin = StatusMessagePlugin { message, target in presented.append("\(target.path): \(message)") }
        let provider = Provider<MultiTarget>(
            transport: ScriptedTransport.failing(URLError(.timedOut)), plugins: [plugin])
        _ = try? await provider.request(.target(PluginTarget(path: "/quiet", showsStatusMessages: false)))
        _ = try? await provider.request(.target(PluginTarget(path: "/loud")))
        #expect(presented.all == ["/loud: The request timed out. Please try again."])
    }

    @Test("a failure that an earlier plugin's process turned into a success shows nothing")
    func recoveredFailure() async {
        #expect(
            await messages(
                transport: ScriptedTransport.failing(URLError(.timedOut)), extraPlugins: [RecoveringPlugin()]
            ).isEmpty)
    }

    @Test("kinds of the errors that never reach a transport")
    func classification() {
        let html = Self.response(502, "<html>Bad Gateway</html>")
        #expect(StatusMessageKind(.jsonMapping(html)) == .serverError)
        #expect(StatusMessageKind(.jsonMapping(Self.response(200, "<html>"))) == .unreadableResponse)
        #expect(StatusMessageKind(.payloadMissing(Self.response(200))) == .unreadableResponse)
        #expect(StatusMessageKind(.objectMapping(MarkerError(), Self.response(200))) == .unreadableResponse)
        #expect(StatusMessageKind(.requestMapping("not a url")) == .invalidRequest)
        #expect(StatusMessageKind(.parameterEncoding(MarkerError())) == .invalidRequest)
        #expect(StatusMessageKind(.underlying(MarkerError(), Self.response(500))) == .serverError)
        #expect(StatusMessageKind(.sessionExpired(Self.response(200))) == .sessionExpired)
    }

    @Test("every kind has a sentence in both tables except cancelled, and the subscript writes through")
    func tables() {
        for table in [StatusMessages(), .simplifiedChinese] {
            for kind in StatusMessageKind.allCases {
                #expect((table[kind] == nil) == (kind == .cancelled), "\(kind)")
            }
        }
        #expect(StatusMessages.simplifiedChinese.serverError == "服务器出错了，请稍后重试~")
        var table = StatusMessages()
        table[.offline] = "离线"
        #expect(table.offline == "离线")
    }
}

/// Turns every success into the business failure an envelope reports.
struct BusinessFailurePlugin: PluginType {
    var message: String?

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        guard case .success(let response) = result else { return result }
        return .failure(.business(code: "1024", message: message, response: response))
    }
}

/// Turns every failure into an empty success.
struct RecoveringPlugin: PluginType {
    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        .success(Response(statusCode: 200, data: Data()))
    }
}
