import CourierTesting
import Foundation
import Observation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The outbox against an in-memory server, its backoff on a test's clock: order, keys, retries,
/// final failures, restarts, and what an app sees of it.
@MainActor
@Suite("Outbox", .timeLimit(.minutes(1)))
struct OutboxTests {
    let folder = OutboxFolders.make()
    let server = NotesServer()
    let clock = OutboxTestClock()

    func provider(plugins: [any PluginType] = []) -> Provider<NotesAPI> {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        return Provider<NotesAPI>(transport: server, plugins: plugins, options: options)
    }

    func outbox(_ provider: Provider<NotesAPI>? = nil, options: OutboxOptions? = nil) -> Outbox<NotesAPI> {
        Outbox(
            provider: provider ?? self.provider(), directory: folder,
            options: options ?? OutboxOptions().waiting(on: clock))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func mutationsAreSentInOrderEachWithItsKey() async throws {
        defer { cleanUp() }
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()

        let entries = [
            try await outbox.enqueue(.add(text: "a")), try await outbox.enqueue(.add(text: "b")),
            try await outbox.enqueue(.like(id: 3)),
        ]
        var sent: [UUID] = []
        for _ in entries {
            guard case .sent(let entry, let response) = await outcomes.next() else { break }
            #expect(response.statusCode == 201)
            sent.append(entry.id)
        }

        #expect(sent == entries.map(\.id))
        #expect(server.keys == entries.map { "\"\($0.idempotencyKey)\"" })
        #expect(server.notes == ["first", "a", "b"])
        #expect(Set(entries.map(\.idempotencyKey)).count == 3)
        #expect(OutboxFolders.entries(in: folder).isEmpty)
    }

    /// The entry is on disk when `enqueue` returns, in a journal `0600` in a `0700` folder, holding
    /// the target and its key, never the request or a credential a plugin adds.
    @Test func anEntryIsStoredAsItsTargetOnly() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox(provider(plugins: [BearerPlugin(token: "SECRET-TOKEN")]))

        let entry = try await outbox.enqueue(.add(text: "offline"))

        #expect(OutboxFolders.entries(in: folder).map(\.id) == [entry.id])
        let file = OutboxFolders.journal(in: folder)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""add":{"text":"offline"}"#) && text.contains(entry.idempotencyKey))
        #expect(!text.contains("SECRET-TOKEN") && !text.contains("Authorization") && !text.contains("notes.example"))
        func mode(_ url: URL) throws -> Int? {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
        }
        let lock = folder.appendingPathComponent(OutboxJournal.lockName)
        #expect(try mode(file) == 0o600 && mode(lock) == 0o600 && mode(folder) == 0o700)
        #expect(outbox.pendingCount == 1 && outbox.pending.first?.id == entry.id)
    }

    @Test func aNetworkFailureIsRetriedAfterABackoffWithTheSameKey() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        var began = clock.waits.makeAsyncIterator()
        let entry = try await outbox.enqueue(.add(text: "later"))

        #expect(await began.next() == .seconds(1))
        clock.advance()
        #expect(await began.next() == .seconds(2))
        server.isDown = false
        clock.advance()

        let sent = try #require(await outcomes.next()?.sent).entry
        #expect(sent.id == entry.id)
        let keys = server.requests.map { $0.value(forHTTPHeaderField: "Idempotency-Key") }
        #expect(keys == Array(repeating: "\"\(entry.idempotencyKey)\"", count: 3))
        #expect(server.notes == ["first", "later"])
    }

    @Test func sendNowEndsTheBackoff() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        var began = clock.waits.makeAsyncIterator()
        try await outbox.enqueue(.add(text: "x"))
        _ = await began.next()

        server.isDown = false
        outbox.sendNow()

        _ = try #require(await outcomes.next()?.sent)
        #expect(server.appliedCount == 1)
    }

    /// After a network failure, another call of the provider that succeeds ends the backoff.
    @Test func anotherCallSucceedingEndsTheBackoff() async throws {
        defer { cleanUp() }
        server.isDown = true
        let provider = provider()
        let outbox = outbox(provider)
        var outcomes = outbox.outcomes.makeAsyncIterator()
        var began = clock.waits.makeAsyncIterator()
        try await outbox.enqueue(.add(text: "x"))
        _ = await began.next()
        #expect(provider.offline.hasWaiters)

        server.isDown = false
        _ = try await provider.request(.note(id: 1))

        _ = try #require(await outcomes.next()?.sent)
        #expect(server.appliedCount == 1)
    }

    /// A `5xx` is retried, with a growing wait that another call's success does not cut short;
    /// a `Retry-After` makes the wait at least that long.
    @Test func serverErrorsAreRetriedAfterGrowingWaits() async throws {
        defer { cleanUp() }
        server.state.withLock { $0.scripted = [(503, [:]), (503, [:]), (429, ["Retry-After": "30"])] }
        let provider = provider()
        let outbox = outbox(provider)
        var outcomes = outbox.outcomes.makeAsyncIterator()
        var began = clock.waits.makeAsyncIterator()
        try await outbox.enqueue(.add(text: "x"))

        #expect(await began.next() == .seconds(1))
        #expect(!provider.offline.hasWaiters)
        clock.advance()
        #expect(await began.next() == .seconds(2))
        clock.advance()
        #expect(await began.next() == .seconds(30))
        clock.advance()

        let entry = try #require(await outcomes.next()?.sent).entry
        #expect(entry.attempts == 3 && server.appliedCount == 1)
    }

    /// `401`, `403`, `409` and `422` are final: each moves to the failed list with its status, and
    /// the mutations after them are sent.
    @Test func refusalsAreFinalAndTheQueueGoesOn() async throws {
        defer { cleanUp() }
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        for status in [401, 403, 409, 422] { try await outbox.enqueue(.refused(status: status)) }
        try await outbox.enqueue(.add(text: "after"))

        var statuses: [Int?] = []
        for _ in 0..<4 {
            let failure = try #require(await outcomes.next()?.failure)
            statuses.append(failure.statusCode)
            #expect(failure.error != nil && !failure.message.isEmpty)
        }
        _ = try #require(await outcomes.next()?.sent)

        #expect(statuses == [401, 403, 409, 422])
        #expect(outbox.failed.map(\.statusCode) == [401, 403, 409, 422])
        #expect(outbox.pendingCount == 0 && OutboxFolders.entries(in: folder).count == 4)
    }

    @Test func aFailedMutationCanBeRetriedOrDropped() async throws {
        defer { cleanUp() }
        server.state.withLock { $0.scripted = [(422, [:]), (409, [:])] }
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        let first = try await outbox.enqueue(.add(text: "one"))
        let second = try await outbox.enqueue(.add(text: "two"))
        _ = await outcomes.next()
        _ = await outcomes.next()
        #expect(outbox.failed.map(\.id) == [first.id, second.id])

        try await outbox.retry(first.id)
        let sent = try #require(await outcomes.next()?.sent).entry
        #expect(sent.id == first.id && sent.idempotencyKey == first.idempotencyKey)
        await outbox.drop(second.id)

        #expect(outbox.failed.isEmpty && OutboxFolders.entries(in: folder).isEmpty)
        await #expect(throws: OutboxError.notFailed(second.id)) { try await outbox.retry(second.id) }
    }

    /// The server applied the mutation and its answer was lost: the replay carries the same key,
    /// and a server that honours it does not apply it twice.
    @Test func aLostAnswerIsReplayedWithTheSameKey() async throws {
        defer { cleanUp() }
        server.state.withLock { $0.losesNextAnswer = true }
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        var began = clock.waits.makeAsyncIterator()
        try await outbox.enqueue(.add(text: "once"))
        _ = await began.next()
        clock.advance()

        let response = try #require(await outcomes.next()?.sent).response
        #expect(response.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
        #expect(server.notes == ["first", "once"] && server.appliedCount == 1)
        #expect(Set(server.keys).count == 1 && server.keys.count == 2)
    }

    /// What an outbox left is sent by the next one of the folder, with the keys it had.
    @Test func whatOneOutboxLeftTheNextSends() async throws {
        defer { cleanUp() }
        server.isDown = true
        var began = clock.waits.makeAsyncIterator()
        var first: Outbox<NotesAPI>? = outbox()
        let a = try await first?.enqueue(.add(text: "a"))
        let b = try await first?.enqueue(.add(text: "b"))
        _ = await began.next()
        first?.close()
        first = nil
        server.isDown = false

        let second = outbox()
        var outcomes = second.outcomes.makeAsyncIterator()
        var sent: [OutboxEntry<NotesAPI>] = []
        for _ in 0..<2 {
            if case .sent(let entry, _) = await outcomes.next() { sent.append(entry) }
        }

        #expect(sent.map(\.id) == [a?.id, b?.id].compactMap { $0 })
        #expect(sent.map(\.idempotencyKey) == [a?.idempotencyKey, b?.idempotencyKey].compactMap { $0 })
        #expect(sent.first?.attempts == 1 && server.notes == ["first", "a", "b"])
    }

    /// Lines that are cut short, altered, or not this outbox's are dropped unsent, from the
    /// journal too; the entries around them are kept.
    @Test func corruptAndForeignLinesAreDroppedUnsent() async throws {
        defer { cleanUp() }
        server.isDown = true
        func put(_ text: String, sequence: UInt64) throws -> (OutboxEntry<NotesAPI>, Data) {
            let entry = OutboxEntry(
                id: UUID(), target: NotesAPI.add(text: text), idempotencyKey: "key-\(sequence)", enqueuedAt: Date(),
                attempts: 0, sequence: sequence)
            return (entry, try OutboxJournalLine.put(OutboxRecord(entry, failure: nil)).encoded())
        }
        let header = OutboxJournalFraming.frame(Data(#"{"format":"courier-outbox","op":"header","version":1}"#.utf8))
        let (kept, keptLine) = try put("kept", sequence: 1)
        let foreign = OutboxJournalFraming.frame(
            Data(
                #"{"op":"put","record":{"attempts":0,"enqueuedAt":0,"id":"\#(UUID())","idempotencyKey":"k","sequence":9,"#
                    .utf8) + Data(#""target":{"launchRockets":{}}}}"#.utf8))
        var (_, altered) = try put("altered", sequence: 10)
        altered[40] ^= 0x01
        let torn = Data("0123456789abcdef {\"op\":\"pu".utf8)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try (header + keptLine + foreign + altered + torn).write(to: OutboxFolders.journal(in: folder))

        let outbox = outbox()
        #expect(await outbox.folderProblem == nil)

        #expect(outbox.pending.map(\.id) == [kept.id])
        #expect(OutboxFolders.entries(in: folder).map(\.id) == [kept.id])
        let text = try String(contentsOf: OutboxFolders.journal(in: folder), encoding: .utf8)
        #expect(!text.contains("launchRockets") && !text.contains("altered"))
        let lines = text.split(separator: "\n").dropFirst()
        #expect(lines.allSatisfy { OutboxJournalLine<NotesAPI>.decode(Data($0.utf8)) != nil })
    }

    /// A journal of another format, or something else at its name, is not read, and goes.
    @Test func aForeignJournalIsDroppedUnread() async throws {
        defer { cleanUp() }
        server.isDown = true
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"some\":\"other file\"}\n".utf8).write(to: OutboxFolders.journal(in: folder))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let outbox = outbox()
        #expect(await outbox.folderProblem == nil && outbox.pendingCount == 0)
        #expect(try String(contentsOf: OutboxFolders.journal(in: folder), encoding: .utf8).contains("other") == false)
        outbox.close()

        let other = OutboxFolders.make()
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: OutboxFolders.journal(in: other), withDestinationURL: folder.appendingPathComponent("notes.txt"))
        let linked = Outbox(provider: provider(), directory: other, options: OutboxOptions().waiting(on: clock))
        #expect(await linked.folderProblem == nil)
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        let attributes = try FileManager.default.attributesOfItem(atPath: OutboxFolders.journal(in: other).path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    /// Another holder of the folder's lock (another process) keeps the outbox out.
    @Test func aFolderLockedByAnotherProcessIsRefused() async throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(folder.appendingPathComponent(OutboxJournal.lockName).path, O_RDWR | O_CREAT, 0o600)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

        let outbox = outbox()

        #expect(await outbox.folderProblem == .folderInUse(path: folder.path))
        await #expect(throws: OutboxError.folderInUse(path: folder.path)) { try await outbox.enqueue(.add(text: "x")) }
    }

    /// A journal is rewritten without its dead lines: sending many mutations leaves it small.
    @Test func theJournalStaysSmall() async throws {
        defer { cleanUp() }
        let outbox = outbox()
        var outcomes = outbox.outcomes.makeAsyncIterator()
        for item in 0..<400 {
            try await outbox.enqueue(.like(id: item))
            _ = await outcomes.next()
        }
        let size = try FileManager.default.attributesOfItem(atPath: OutboxFolders.journal(in: folder).path)[.size]
        #expect(((size as? NSNumber)?.intValue ?? .max) < 2 * 65_536)
        #expect(OutboxFolders.entries(in: folder).isEmpty)
    }

    @Test func theOutboxIsBounded() async throws {
        defer { cleanUp() }
        server.isDown = true
        var options = OutboxOptions().waiting(on: clock)
        options.maximumEntries = 2
        let outbox = outbox(options: options)
        try await outbox.enqueue(.add(text: "1"))
        try await outbox.enqueue(.add(text: "2"))
        await #expect(throws: OutboxError.full(maximumEntries: 2, maximumBytes: options.maximumBytes)) {
            try await outbox.enqueue(.add(text: "3"))
        }
        await outbox.removeAll()

        let other = OutboxFolders.make()
        defer { try? FileManager.default.removeItem(at: other) }
        options.maximumBytes = 300
        let small = Outbox(provider: provider(), directory: other, options: options)
        try await small.enqueue(.add(text: "short"))
        await #expect(throws: OutboxError.self) {
            try await small.enqueue(.add(text: String(repeating: "long", count: 100)))
        }
        #expect(small.pendingCount == 1)
    }

    @Test func removeAllDeletesEverythingForALogout() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox()
        try await outbox.enqueue(.add(text: "1"))
        try await outbox.enqueue(.refused(status: 403))

        await outbox.removeAll()

        #expect(outbox.pendingCount == 0 && outbox.failed.isEmpty && outbox.inFlight == nil)
        #expect(OutboxFolders.entries(in: folder).isEmpty)
    }

    /// Two outboxes of one process on one folder share its queue: each entry is sent once, in
    /// order, one at a time.
    @Test func twoOutboxesOfAFolderShareItsQueue() async throws {
        defer { cleanUp() }
        let gated = GatedTransport()
        let providerA = Provider<NotesAPI>(transport: gated)
        let providerB = Provider<NotesAPI>(transport: gated)
        let a = outbox(providerA)
        let b = outbox(providerB)
        var outcomes = a.outcomes.makeAsyncIterator()
        var started = gated.started.makeAsyncIterator()

        let first = try await a.enqueue(.add(text: "1"))
        let second = try await b.enqueue(.add(text: "2"))
        #expect(await started.next() == 1)
        #expect(b.pendingCount == 2 && a.pendingCount == 2)
        gated.release(1, body: "")
        #expect(await started.next() == 2 && gated.callCount == 2)
        gated.release(2, body: "")

        var sent: [UUID] = []
        for _ in 0..<2 { if let outcome = await outcomes.next() { sent.append(outcome.entry.id) } }
        #expect(sent == [first.id, second.id] && gated.callCount == 2)
    }

    @Test func anotherTargetTypeCannotShareTheFolder() async throws {
        defer { cleanUp() }
        let notes = outbox()
        let other = Outbox(provider: Provider<OtherAPI>(transport: server), directory: folder)
        await #expect(throws: OutboxError.folderInUse(path: folder.standardizedFileURL.path)) {
            try await other.enqueue(.ping)
        }
        #expect(await notes.folderProblem == nil)
    }

    @Test func anUnsafeFolderStoresNothing() async throws {
        let real = OutboxFolders.make()
        defer {
            try? FileManager.default.removeItem(at: real)
            cleanUp()
        }
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: real)
        let outbox = outbox()

        let problem = await outbox.folderProblem
        #expect(problem == .unsafeFolder(path: folder.path, reason: "it is a symbolic link"))
        await #expect(throws: OutboxError.self) { try await outbox.enqueue(.add(text: "x")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    }

    /// A target whose JSON has a member named like a credential is refused: it would reach the disk.
    @Test func aTargetCarryingACredentialIsRefused() async throws {
        defer { cleanUp() }
        let outbox = Outbox(provider: Provider<OtherAPI>(transport: server), directory: folder)
        await #expect(throws: OutboxError.credentialInTarget(field: "password")) {
            try await outbox.enqueue(.signIn(user: "ada", password: "hunter2"))
        }
        #expect(OutboxFolders.entries(in: folder).isEmpty)
    }

    @Test func anInvalidKeyIsRefused() async throws {
        defer { cleanUp() }
        let outbox = outbox()
        for key in ["", "has\"quote", "new\nline", String(repeating: "k", count: 256)] {
            await #expect(throws: OutboxError.invalidIdempotencyKey(key)) {
                try await outbox.enqueue(.add(text: "x"), idempotencyKey: key)
            }
        }
        let own = try await outbox.enqueue(.add(text: "x"), idempotencyKey: "order-2041")
        #expect(own.idempotencyKey == "order-2041")
    }

    @Test func theKeyHeaderCanBeBareOrNone() async throws {
        defer { cleanUp() }
        var options = OutboxOptions().waiting(on: clock)
        options.quotesIdempotencyKey = false
        let bare = outbox(options: options)
        var outcomes = bare.outcomes.makeAsyncIterator()
        let entry = try await bare.enqueue(.add(text: "x"))
        _ = await outcomes.next()
        #expect(server.keys == [entry.idempotencyKey])
        bare.close()

        let other = OutboxFolders.make()
        defer { try? FileManager.default.removeItem(at: other) }
        options.idempotencyKeyHeader = nil
        let none = Outbox(provider: provider(), directory: other, options: options)
        var noneOutcomes = none.outcomes.makeAsyncIterator()
        try await none.enqueue(.add(text: "y"))
        _ = await noneOutcomes.next()
        #expect(server.requests.last?.value(forHTTPHeaderField: "Idempotency-Key") == nil)
    }

    /// A token the plugins add is the one of the moment the mutation is sent: an expired one is
    /// refreshed and the call replayed, with the same key.
    @Test func aTokenThatExpiredWhileQueuedIsRefreshed() async throws {
        defer { cleanUp() }
        let tokens = RefreshingTokens(current: "old")
        let protected = ProtectedServer(accepting: "new", server: server)
        let provider = Provider<NotesAPI>(transport: protected, plugins: [tokens])
        let outbox = outbox(provider)
        var outcomes = outbox.outcomes.makeAsyncIterator()

        let entry = try await outbox.enqueue(.add(text: "x"))

        _ = try #require(await outcomes.next()?.sent)
        #expect(protected.tokens == ["old", "new"])
        #expect(server.keys == ["\"\(entry.idempotencyKey)\""] && protected.keys.allSatisfy { $0 == server.keys[0] })
    }

    /// A provider that was shut down ends every call at once: the outbox waits between attempts
    /// instead of trying again in a loop.
    @Test func aShutDownProviderMakesTheOutboxWait() async throws {
        defer { cleanUp() }
        let provider = provider()
        await provider.shutdown()
        let outbox = outbox(provider)
        var began = clock.waits.makeAsyncIterator()
        try await outbox.enqueue(.add(text: "x"))

        #expect(await began.next() == .seconds(1))
        #expect(server.requests.isEmpty && outbox.pendingCount == 1)
    }

    @Test func stubModeSendsFromTheSamples() async throws {
        defer { cleanUp() }
        let provider = Provider<NotesAPI>(stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let outbox = outbox(provider)
        var outcomes = outbox.outcomes.makeAsyncIterator()
        try await outbox.enqueue(.like(id: 1))
        let response = try #require(await outcomes.next()?.sent).response
        #expect(response.data == NotesAPI.like(id: 1).sampleData)
    }

    /// What the outbox shows is observable on the main actor.
    @Test func pendingCountIsObservable() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox()
        let (changed, signal) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking {
            _ = outbox.pendingCount
        } onChange: {
            signal.yield()
        }
        try await outbox.enqueue(.add(text: "x"))
        signal.finish()
        #expect(await changed.nextElement() != nil && outbox.pendingCount == 1)
    }

    @Test func aClosedOutboxRefusesAndKeepsItsEntries() async throws {
        defer { cleanUp() }
        server.isDown = true
        let outbox = outbox()
        try await outbox.enqueue(.add(text: "x"))
        outbox.close()
        await #expect(throws: OutboxError.closed) { try await outbox.enqueue(.add(text: "y")) }
        #expect(OutboxFolders.entries(in: folder).count == 1)
    }
}

/// Another API: another target type, and one whose target carries a credential.
enum OtherAPI: TargetType, Codable {
    case ping
    case signIn(user: String, password: String)

    var baseURL: URL { URL(string: "https://other.example.com")! }
    var path: String { "/ping" }
    var method: HTTPMethod { .post }
    var task: RequestTask { .requestPlain }
}

/// Adds `Authorization: Bearer <token>` to every call.
struct BearerPlugin: PluginType {
    let token: String

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }
}

/// A token that is refreshed (to `new`) and the call replayed when the server says the session expired.
final class RefreshingTokens: PluginType {
    private let current: LockedState<String>

    init(current: String) {
        self.current = LockedState(current)
    }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(current.withLock { $0 })", forHTTPHeaderField: "Authorization")
        return request
    }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        guard case .sessionExpired = error else { return .doNotRetry }
        current.withLock { $0 = "new" }
        return .retry
    }
}

/// `server` behind a token check: a call without the accepted token is answered `401`.
final class ProtectedServer: Transport {
    private let accepted: String
    private let server: NotesServer
    private let seen = LockedState<(tokens: [String], keys: [String])>(([], []))

    init(accepting token: String, server: NotesServer) {
        accepted = token
        self.server = server
    }

    var tokens: [String] { seen.withLock { $0.tokens } }
    var keys: [String] { seen.withLock { $0.keys } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let token = String(request.urlRequest.value(forHTTPHeaderField: "Authorization")?.dropFirst(7) ?? "")
        let key = request.urlRequest.value(forHTTPHeaderField: "Idempotency-Key") ?? ""
        seen.withLock {
            $0.tokens.append(token)
            $0.keys.append(key)
        }
        guard token == accepted else {
            return TransportResponse(
                response: .make(for: request.urlRequest, status: 401), data: Data())
        }
        return try await server.send(request)
    }
}

extension OutboxOutcome {
    /// The entry and the answer, when the mutation was sent.
    var sent: (entry: OutboxEntry<Target>, response: Response)? {
        guard case .sent(let entry, let response) = self else { return nil }
        return (entry, response)
    }

    /// The failure, when the mutation failed.
    var failure: OutboxFailure<Target>? {
        guard case .failed(let failure) = self else { return nil }
        return failure
    }
}
