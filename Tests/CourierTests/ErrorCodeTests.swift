import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CourierError.code` and `.userMessage`: the error-code table of the Business envelopes and errors guide, pinned.
@Suite("Error codes and user messages")
struct ErrorCodeTests {
    private static let response = Response(statusCode: 502, data: Data("oops".utf8))

    /// One error of every kind, with the code and message the table promises.
    private static let table: [(error: CourierError, code: Int, message: String)] = [
        (.requestMapping("::"), 1001, "The request could not be made."),
        (.parameterEncoding(URLError(.badURL)), 1002, "The request could not be made."),
        (.encodableMapping(URLError(.unknown)), 1003, "The request could not be made."),
        (.underlying(URLError(.badServerResponse), nil), 2001, "The network request failed. Please try again."),
        (
            .underlying(URLError(.secureConnectionFailed), response), 2001,
            "The network request failed. Please try again."
        ),
        (.cancelled, 2002, "The request was cancelled."),
        (.underlying(URLError(.cancelled), nil), 2002, "The request was cancelled."),
        (.underlying(URLError(.timedOut), nil), 2003, "The request timed out. Please try again."),
        (
            .underlying(URLError(.notConnectedToInternet), nil), 2004,
            "You appear to be offline. Check your connection and try again."
        ),
        (
            .underlying(URLError(.networkConnectionLost), nil), 2004,
            "You appear to be offline. Check your connection and try again."
        ),
        (
            .underlying(URLError(.cannotConnectToHost), nil), 2005,
            "The server cannot be reached. Please try again later."
        ),
        (.underlying(URLError(.cannotFindHost), nil), 2005, "The server cannot be reached. Please try again later."),
        (.statusCode(response), 3001, "The server could not handle the request (HTTP 502)."),
        (.jsonMapping(response), 4001, "The server's response could not be read."),
        (.stringMapping(response), 4002, "The server's response could not be read."),
        (.objectMapping(URLError(.unknown), response), 4003, "The server's response could not be read."),
        (.business(code: "919", message: "库存不足", response: response), 5001, "库存不足"),
        (
            .business(code: "919", message: nil, response: response), 5001,
            "Something went wrong on the server. Please try again later."
        ),
        (
            .business(code: "919", message: "  \n", response: response), 5001,
            "Something went wrong on the server. Please try again later."
        ),
        (.payloadMissing(response), 5002, "The server's response is incomplete."),
        (.sessionExpired(response), 5003, "Your session has expired. Please log in again."),
    ]

    @Test("every error has the code and user message of the table")
    func table() {
        for row in Self.table {
            #expect(row.error.code == row.code, "\(row.error)")
            #expect(row.error.userMessage == row.message, "\(row.error)")
        }
    }

    @Test("each kind of failure has its own code")
    func distinctKinds() {
        let distinctCodes = Set(Self.table.map(\.code))
        #expect(distinctCodes.count == 15)
        #expect(distinctCodes.allSatisfy { (1001...5999).contains($0) })
    }

    @Test("a plugin's own error is a generic network failure")
    func pluginError() {
        struct TokenStoreLocked: Error {}
        #expect(CourierError.underlying(TokenStoreLocked(), nil).code == 2001)
    }

    @Test("codes come out of real calls: a timeout, a cancellation, an expired session")
    func fromCalls() async {
        let timingOut = Provider<CannedTarget>(transport: ScriptedTransport { _ in throw URLError(.timedOut) })
        let timeout = await courierError { try await timingOut.request(CannedTarget()) }

        let stubbed = Provider<CannedTarget>.answering("{}", envelope: nil)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await stubbed.request(CannedTarget())
        }
        let cancelled = await courierError { try await call.value }

        let expiredProvider = Provider<CannedTarget>.answering("{}", status: 401, envelope: nil)
        let expired = await courierError { try await expiredProvider.request(CannedTarget()) }

        #expect([timeout, cancelled, expired].map { $0?.code } == [2003, 2002, 5003])
    }
}
