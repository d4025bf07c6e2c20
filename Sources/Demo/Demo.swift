import Courier
import CourierPlugins
import CourierTesting
import Foundation

/// Runs the three example APIs — stubbed, live, recorded or replayed — and tells what happened.
struct Demo {
    let options: DemoOptions
    let session = DemoSession()
    let activity = ActivityIndicator { state in
        DemoConsole.log(MultiTarget(DemoHostsTarget()), [state == .busy ? "⏳ activity: busy" : "⌛ activity: idle"])
    }

    /// Where calls go: nowhere (stubs), a live server (perhaps recorded), or recorded fixtures.
    private var transport: any Transport {
        if let replay = options.replayDirectory { return ReplayTransport(directory: replay) }
        if let record = options.recordDirectory { return RecordingTransport(recordingTo: record) }
        return RoutingTransport()
    }

    /// Recorded fixtures are keyed by path, so a replay uses the same server root as the recording.
    private var rebase: URL? {
        options.baseURL ?? options.replayDirectory.flatMap { _ in URL(string: "http://replay.invalid") }
    }

    func provider<Target: TargetType>(for _: Target.Type, envelope: any ResponseEnvelope) -> Provider<Target> {
        let stubbed = !options.isLive && options.replayDirectory == nil
        let token = session.token
        return Provider<Target>(
            endpointClosure: commonEndpoint(rebasedOnto: rebase),
            stubClosure: { _ in stubbed ? .immediate : .never },
            transport: transport,
            plugins: [
                NetworkLoggerPlugin(
                    configuration: .init(
                        output: DemoConsole.log,
                        logOptions: [
                            .requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody,
                        ],
                        bodyLimit: 240)),
                AccessTokenPlugin(tokenClosure: { _ in token }),
                NetworkActivityPlugin(indicator: activity),
                StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in DemoConsole.hud(message.text) },
            ],
            envelope: envelope)
    }

    /// Runs every scenario and returns how many did not behave as expected.
    func run() async -> Int {
        DemoConsole.quiet.withLock { $0 = options.quiet }
        let mode =
            if let replay = options.replayDirectory {
                "replaying fixtures from \(replay.path)"
            } else if let base = options.baseURL {
                "live against \(base.absoluteString)"
                    + (options.recordDirectory.map { ", recording to \($0.path)" } ?? "")
            } else {
                "stub mode: every answer comes from the targets' sample data, no network"
            }
        print("Courier demo — \(mode)")
        var failures = 0
        failures += await shop()
        failures += await ranking()
        failures += await liveRooms()
        failures += await caching()
        print("\nThe app was sent to its login screen \(session.loginScreensShown) time(s).")
        print(failures == 0 ? "Every call behaved as expected." : "\(failures) call(s) did not behave as expected.")
        return failures
    }

    // MARK: Shop

    func shop() async -> Int {
        DemoConsole.heading("Shop API — {succeed, code, msg, data}")
        let mall = provider(for: MallAPI.self, envelope: ShopEnvelope())
        var failures = 0

        failures += await expectSuccess("One product, decoded from the envelope's data") {
            let tea = try await mall.request(.product(id: 7), as: Goods.self)
            return "#\(tea.id) \(tea.productName): \(tea.price) \(tea.priceUnit)"
        }

        failures += await expectSuccess("Every page of category 1, fetched lazily by the paginator") {
            let pages = mall.pages(of: Page<Goods>.self) { number in
                .goods(GoodsQuery(pageCurrent: number, pageSize: 10, categoryId: 1))
            }
            var lines: [String] = []
            var count = 0
            for try await page in pages {
                count += page.records.count
                lines.append("page \(page.current)/\(page.pages): \(page.records.count) goods")
            }
            return lines.joined(separator: ", ") + " — \(count) goods in all"
        }

        failures += await expectFailure("An order the backend refuses (a business failure in HTTP 200)") { error in
            guard case .business(let code, let message, _) = error else { return nil }
            return "business failure \(code): \(message ?? "")"
        } call: {
            try await mall.requestStatus(.createOrder(productId: 7))
        }

        failures += await expectFailure("The cart, answered with the bare string \"please to login\"") { error in
            guard case .sessionExpired = error else { return nil }
            session.goToLogin(reason: "bare-string login prompt")
            return "routed to the login handler"
        } call: {
            _ = try await mall.request(.cart, as: [Goods].self)
        }
        return failures
    }

    // MARK: Box office

    func ranking() async -> Int {
        DemoConsole.heading("Box-office API — {resultcode: \"200\", reason, result}")
        let envelope = JSONEnvelope(
            codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])
        let rank = provider(for: RankAPI.self, envelope: envelope)
        return await expectSuccess("This week's ranking for area CN") {
            let films = try await rank.request(.rank(area: "CN"), as: [Film].self)
            return films.map { "\($0.rid). \($0.name) \($0.wboxoffice)" }.joined(separator: " · ")
        }
    }

    // MARK: Live rooms

    func liveRooms() async -> Int {
        DemoConsole.heading("Live-room API — {code, msg, data}, -1 means \"请登录!\"")
        let live = provider(for: LiveAPI.self, envelope: JSONEnvelope(expiredCodes: ["-1"]))
        var failures = 0
        failures += await expectSuccess("Hot rooms") {
            let rooms = try await live.request(.hotLive(page: 1), as: [LiveRoom].self)
            return rooms.map { "\($0.title) (\($0.online) online)" }.joined(separator: " · ")
        }
        failures += await expectFailure("Following a room without a login (code -1)") { error in
            guard case .sessionExpired = error else { return nil }
            session.goToLogin(reason: "expired-session code -1")
            return "routed to the login handler"
        } call: {
            try await live.requestStatus(.follow(roomId: 1001))
        }
        if options.replayDirectory == nil {
            failures += await expectSuccess("Live comments, streamed as server-sent events") {
                var comments: [String] = []
                for try await comment in live.events(.comments(roomId: 1001), as: LiveComment.self) {
                    comments.append("\(comment.user): \(comment.text)")
                }
                return comments.joined(separator: " · ")
            }
        }
        return failures
    }

    // MARK: Expectations

    private func expectSuccess(_ title: String, _ call: () async throws -> String) async -> Int {
        DemoConsole.step(title)
        do {
            DemoConsole.result(try await call())
            return 0
        } catch {
            DemoConsole.failure("unexpected: \(error)")
            return 1
        }
    }

    private func expectFailure(
        _ title: String, _ recognise: (CourierError) -> String?, call: () async throws -> Void
    ) async -> Int {
        DemoConsole.step(title)
        do {
            try await call()
            DemoConsole.failure("unexpected: the call succeeded")
            return 1
        } catch let error as CourierError {
            guard let summary = recognise(error) else {
                DemoConsole.failure("unexpected: \(error)")
                return 1
            }
            DemoConsole.result("\(summary)  [CourierError \(error.code)]")
            return 0
        } catch {
            DemoConsole.failure("unexpected: \(error)")
            return 1
        }
    }
}

/// A stand-in target for log lines that belong to no call (the activity indicator's).
private struct DemoHostsTarget: TargetType {
    var baseURL: URL { DemoHosts.mall }
    var path: String { "" }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
}
