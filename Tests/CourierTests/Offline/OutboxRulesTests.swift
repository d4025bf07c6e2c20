import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The outbox's rules without a network: which attempts are retried, how long it waits, and
/// which files are entries.
@Suite("Outbox rules")
struct OutboxRulesTests {
    static func response(_ status: Int, headers: [String: String] = [:]) -> Response {
        let url = URL(string: "https://notes.example.com/notes")!
        return Response(
            statusCode: status, data: Data(), request: URLRequest(url: url),
            response: HTTPURLResponse.make(url: url, status: status, headers: headers))
    }

    static func verdict(_ error: CourierError) -> OutboxVerdict {
        OutboxVerdict(.failure(error), retriedStatusCodes: [408, 429])
    }

    @Test(arguments: [400, 401, 403, 404, 409, 410, 422])
    func aClientErrorIsFinal(status: Int) {
        guard case .final = Self.verdict(.statusCode(Self.response(status))) else {
            return #expect(Bool(false), "\(status) should be final")
        }
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func aServerErrorOrATimeoutIsRetried(status: Int) {
        guard case .retry(_, let networkDown) = Self.verdict(.statusCode(Self.response(status))) else {
            return #expect(Bool(false), "\(status) should be retried")
        }
        #expect(!networkDown)
    }

    @Test func anExpiredSessionAndABusinessFailureAreFinal() {
        let ok = Self.response(200)
        for error in [
            CourierError.sessionExpired(Self.response(401)), .business(code: "919", message: nil, response: ok),
        ] {
            guard case .final = Self.verdict(error) else { return #expect(Bool(false), "\(error)") }
        }
    }

    @Test(arguments: [URLError.Code.notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .timedOut])
    func aNetworkFailureIsRetriedAsTheNetworkBeingDown(code: URLError.Code) {
        guard case .retry(nil, true) = Self.verdict(.underlying(URLError(code), nil)) else {
            return #expect(Bool(false), "\(code) should be retried")
        }
    }

    @Test func aRequestThatCannotBeMadeIsFinal() {
        let errors: [CourierError] = [
            .requestMapping("bad"), .underlying(URLError(.badURL), nil),
            .underlying(InvalidRequestError(.headerName("a b")), nil),
        ]
        for error in errors {
            guard case .final = Self.verdict(error) else { return #expect(Bool(false), "\(error)") }
        }
    }

    @Test func aCancellationIsNeither() {
        guard case .stopped = Self.verdict(.cancelled) else { return #expect(Bool(false)) }
    }

    @Test func retryAfterIsReadInSecondsOrAsADate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(OutboxVerdict.retryAfter(Self.response(429, headers: ["Retry-After": "120"]), now: now) == 120)
        let date = HTTPDate.format(now.addingTimeInterval(60))
        #expect(OutboxVerdict.retryAfter(Self.response(503, headers: ["Retry-After": date]), now: now) == 60)
        #expect(OutboxVerdict.retryAfter(Self.response(503, headers: ["Retry-After": "soon"]), now: now) == nil)
    }

    @Test func theBackoffGrowsToItsCeiling() {
        let backoff = OutboxBackoff(initialDelay: 1, maximumDelay: 10, multiplier: 2)
        #expect((1...6).map { backoff.delay(afterFailures: $0, retryAfter: nil) } == [1, 2, 4, 8, 10, 10])
        #expect(backoff.delay(afterFailures: 1, retryAfter: 5) == 5)
        #expect(backoff.delay(afterFailures: 1, retryAfter: 3_600) == 10)
        #expect(backoff.delay(afterFailures: 1_000_000, retryAfter: nil) == 10)
        #expect(
            OutboxBackoff(initialDelay: -1, maximumDelay: .nan, multiplier: .nan).delay(
                afterFailures: 3, retryAfter: nil) == 0)
    }

    @Test func theJitterDrawsBetweenHalfAndAll() {
        #expect(OutboxBackoff.jittered(8, random: 0, floor: 0) == 4)
        #expect(OutboxBackoff.jittered(8, random: 1, floor: 0) == 8)
        #expect(OutboxBackoff.jittered(8, random: 0, floor: 7) == 7)
    }

    @Test func aJournalLineIsReadBackOnlyWhole() throws {
        let entry = OutboxEntry(
            id: UUID(), target: NotesAPI.add(text: "x"), idempotencyKey: "k-1", enqueuedAt: Date(), attempts: 0,
            sequence: 1)
        let line = try OutboxJournalLine.put(OutboxRecord(entry, failure: nil)).encoded()
        let text = line.dropLast()
        #expect(OutboxJournalLine<NotesAPI>.decode(text)?.record?.id == entry.id)

        var altered = Data(text)
        altered[altered.count - 3] ^= 0x01
        #expect(OutboxJournalLine<NotesAPI>.decode(altered) == nil)
        #expect(OutboxJournalLine<NotesAPI>.decode(text.dropLast(5)) == nil)
        #expect(OutboxJournalLine<OtherAPI>.decode(text) == nil)

        let badKey = OutboxEntry(
            id: UUID(), target: NotesAPI.add(text: "x"), idempotencyKey: "has space", enqueuedAt: Date(), attempts: 0,
            sequence: 1)
        let refused = try OutboxJournalLine.put(OutboxRecord(badKey, failure: nil)).encoded()
        #expect(OutboxJournalLine<NotesAPI>.decode(refused.dropLast()) == nil)
    }
}

/// The check that keeps a credential named in a target off the disk.
@Suite("Outbox credential check")
struct TargetCredentialCheckTests {
    static func line(_ json: String) -> Data {
        OutboxJournalFraming.frame(Data(json.utf8))
    }

    @Test func findsACredentialNameAtAnyDepth() {
        let nested = #"{"op":"put","record":{"id":"x","target":{"signUp":{"profile":{"newPassword":"a:b"}}}}}"#
        #expect(TargetCredentialCheck.credentialField(inTargetOf: Self.line(nested)) == "newPassword")
        let escaped = #"{"record":{"target":{"x":{"pass\u0077ord":"p"}}}}"#
        #expect(TargetCredentialCheck.credentialField(inTargetOf: Self.line(escaped)) == "password")
    }

    /// Values are not names, however they read, and the record's own members are not credentials'.
    @Test func valuesAndTheRecordsOwnMembersPass() {
        let json =
            #"{"op":"put","record":{"attempts":0,"enqueuedAt":1,"id":"i","idempotencyKey":"token: x","#
            + #""sequence":1,"target":{"note":{"text":"my password is \"x\":"}}}}"#
        #expect(TargetCredentialCheck.credentialField(inTargetOf: Self.line(json)) == nil)
    }
}
