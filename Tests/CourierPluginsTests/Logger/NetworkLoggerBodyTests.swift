import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: bodies")
struct NetworkLoggerBodyTests {
    @Test("a body over the limit is cut, with a note of how much was left out")
    func longBodyCut() async throws {
        let log = LogRecorder()
        let body = Data(String(repeating: "abcdefghij", count: 1000).utf8)
        await send(
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: [.successResponseBody], bodyLimit: 100))
            ],
            transport: ScriptedTransport(body: body))
        let line = try #require(log.lines("Response Body").first)
        #expect(line.hasPrefix("Response Body: " + String(repeating: "abcdefghij", count: 10) + " "))
        #expect(line.hasSuffix("(9900 more bytes not shown, 10000 in all)"))
    }

    @Test("a body at the limit is shown whole")
    func bodyAtLimit() async throws {
        let log = LogRecorder()
        await send(
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration(logOptions: [.successResponseBody], bodyLimit: 5))
            ],
            transport: ScriptedTransport(body: Data("12345".utf8)))
        #expect(log.lines("Response Body") == ["Response Body: 12345"])
    }

    @Test("a cut never splits a multi-byte character")
    func cutOnCharacterBoundary() {
        let data = Data("价格价格".utf8)  // 3 bytes a character
        let description = BodyDescriber(limit: 4).describe(data, contentType: "text/plain")
        #expect(description == .text(Data("价".utf8), cutBytes: 9))
    }

    @Test("a secret cut in two by the limit leaves no part of it")
    func secretAtTheCut() async throws {
        let log = LogRecorder()
        let body = Data((String(repeating: "x", count: 95) + "tok-7f3a9c2e51 and more").utf8)
        await send(
            PluginTarget(headers: ["Authorization": "Bearer tok-7f3a9c2e51"], authorizationType: nil),
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: [.successResponseBody], bodyLimit: 100))
            ],
            transport: ScriptedTransport(body: body))
        let line = try #require(log.lines("Response Body").first)
        #expect(!line.contains("tok-"), "\(line)")
        #expect(line.contains(String(repeating: "x", count: 95) + "***"))
    }

    @Test("binary bodies are summarised, by content type or by their bytes")
    func binarySummarised() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        let log = LogRecorder()
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: [.successResponseBody]))],
            transport: ScriptedTransport(body: png, headers: ["Content-Type": "image/png"]))
        #expect(log.lines("Response Body") == ["Response Body: (binary body, 12 bytes, image/png)"])

        let sniffed = LogRecorder()
        var target = PluginTarget()
        target.method = .post
        target.task = .requestData(Data([0xFF, 0xFE, 0x00, 0x41]))
        await send(
            target, plugins: [NetworkLoggerPlugin(configuration: sniffed.configuration(logOptions: [.requestBody]))])
        #expect(sniffed.lines("Request Body") == ["Request Body: (binary body, 4 bytes)"])
    }

    @Test("an empty response body says so")
    func emptyBody() async {
        let log = LogRecorder()
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: [.successResponseBody]))],
            transport: ScriptedTransport(body: Data()))
        #expect(log.lines("Response Body") == ["Response Body: (empty)"])
    }

    @Test("a custom body formatter receives at most the limit, and its output is masked")
    func customFormatter() async throws {
        let log = LogRecorder()
        let formatter = NetworkLoggerPlugin.Formatter(
            entry: { identifier, message, _ in "\(identifier): \(message)" },
            responseData: { data in "<\(data.count) bytes: \(String(decoding: data, as: UTF8.self))>" })
        await send(
            PluginTarget(headers: ["X-API-Key": "key-93ab10"], authorizationType: nil),
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(
                        logOptions: [.successResponseBody], bodyLimit: 20, formatter: formatter))
            ],
            transport: ScriptedTransport(body: Data("key=key-93ab10&rest=0123456789".utf8)))
        let line = try #require(log.lines("Response Body").first)
        #expect(
            line.hasPrefix("Response Body: <20 bytes: key=***&rest=> … (10 more bytes not shown, 30 in all)"), "\(line)"
        )
        #expect(!line.contains("key-93ab10"))
    }
}
