import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small notes API, as an app's model layer would describe it: a list and a note to read, and
/// mutations the outbox may store (the type is `Codable`).
enum NotesAPI: TargetType, Codable, Equatable, InvalidationConfigurable {
    case list
    case note(id: Int)
    case add(text: String)
    case like(id: Int)
    case refused(status: Int)

    var baseURL: URL { URL(string: "https://notes.example.com")! }
    var path: String {
        switch self {
        case .list, .add: "/notes"
        case .note(let id), .like(let id): "/notes/\(id)"
        case .refused(let status): "/refused/\(status)"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .list, .note: .get
        case .add, .like, .refused: .post
        }
    }
    var task: RequestTask {
        switch self {
        case .add(let text): .requestJSONEncodable(["text": text])
        default: .requestPlain
        }
    }
    var sampleData: Data { Data(#"["sample"]"#.utf8) }
    var validationType: ValidationType { .successCodes }

    var cacheTags: Set<String> {
        switch self {
        case .list, .note: ["notes"]
        default: []
        }
    }

    var invalidates: [Invalidation<NotesAPI>] {
        switch self {
        case .add: [.tag("notes")]
        case .like(let id): [.target(.note(id: id))]
        default: []
        }
    }
}

/// The notes server, in memory: the list (with the lifetime the test sets), mutations applied
/// once per `Idempotency-Key` (a replay answers as the first time did, without applying again),
/// answers a test scripts ahead, and a switch that takes the network away.
final class NotesServer: Transport {
    struct State {
        var notes = ["first"]
        var likes: [Int: Int] = [:]
        var applied: [String: Int] = [:]
        var keys: [String] = []
        var requests: [URLRequest] = []
        var isDown = false
        /// Statuses (and header fields) the next mutations answer, in order, before anything is applied.
        var scripted: [(status: Int, headers: [String: String])] = []
        /// Whether the next mutation is applied and its answer lost (the connection drops).
        var losesNextAnswer = false
        var listCacheControl = "max-age=0"
        /// The status the list answers with instead of the list.
        var listStatus: Int?
        var listETag: String?
    }

    let state = LockedState(State())

    var isDown: Bool {
        get { state.withLock { $0.isDown } }
        set { state.withLock { $0.isDown = newValue } }
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }
    var keys: [String] { state.withLock { $0.keys } }
    var notes: [String] { state.withLock { $0.notes } }
    /// How many times a mutation was applied (each key once on a server that honours them).
    var appliedCount: Int { state.withLock { $0.applied.count } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let urlRequest = request.urlRequest
        let answer = try state.withLock { state throws -> (Int, [String: String], Data) in
            state.requests.append(urlRequest)
            if state.isDown { throw URLError(.notConnectedToInternet) }
            let path = urlRequest.url?.path ?? ""
            if urlRequest.httpMethod == "GET" {
                return Self.read(path, request: urlRequest, state: state)
            }
            let key = urlRequest.value(forHTTPHeaderField: "Idempotency-Key") ?? ""
            state.keys.append(key)
            if !state.scripted.isEmpty {
                let (status, headers) = state.scripted.removeFirst()
                return (status, headers, Data(#"{"msg":"no"}"#.utf8))
            }
            if path.hasPrefix("/refused/") { return (Int(path.dropFirst("/refused/".count)) ?? 400, [:], Data()) }
            if let status = state.applied[key] { return (status, ["Idempotent-Replayed": "true"], Data()) }
            if path == "/notes" {
                let body = urlRequest.httpBody.flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
                state.notes.append(body?["text"] ?? "?")
            } else if let id = Int(path.dropFirst("/notes/".count)) {
                state.likes[id, default: 0] += 1
            }
            state.applied[key] = 201
            if state.losesNextAnswer {
                state.losesNextAnswer = false
                throw URLError(.networkConnectionLost)
            }
            return (201, [:], Data())
        }
        let url = urlRequest.url ?? URL(string: "https://notes.example.com")!
        return TransportResponse(
            response: HTTPURLResponse.make(url: url, status: answer.0, headers: answer.1), data: answer.2)
    }

    private static func read(_ path: String, request: URLRequest, state: State) -> (Int, [String: String], Data) {
        if path == "/notes", let status = state.listStatus { return (status, [:], Data()) }
        if path == "/notes" {
            var headers = ["Cache-Control": state.listCacheControl, "Content-Type": "application/json"]
            if let etag = state.listETag {
                headers["ETag"] = etag
                if request.value(forHTTPHeaderField: "If-None-Match") == etag { return (304, headers, Data()) }
            }
            return (200, headers, (try? JSONEncoder().encode(state.notes)) ?? Data())
        }
        let id = Int(path.dropFirst("/notes/".count)) ?? 0
        let likes = state.likes[id] ?? 0
        return (200, ["Cache-Control": "max-age=600"], Data(#"{"id":\#(id),"likes":\#(likes)}"#.utf8))
    }
}

/// A note as the server sends it.
struct Note: Decodable, Sendable, Equatable {
    let id: Int
    let likes: Int
}

/// Folders for the outbox tests: each test its own, under the temporary folder, removed by the test.
enum OutboxFolders {
    static func make() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-outbox-\(UUID().uuidString)")
    }

    /// The journal of the outbox in `folder`.
    static func journal(in folder: URL) -> URL {
        folder.appendingPathComponent(OutboxJournal.journalName)
    }

    /// The entries the journal in `folder` holds now, in order, replayed as a new outbox would.
    static func entries(in folder: URL) -> [OutboxRecord<NotesAPI>] {
        let data = (try? Data(contentsOf: journal(in: folder))) ?? Data()
        var live: [UUID: OutboxRecord<NotesAPI>] = [:]
        for text in data.split(separator: 0x0A).dropFirst() {
            guard let line = OutboxJournalLine<NotesAPI>.decode(Data(text)) else { continue }
            if let record = line.record { live[record.id] = record }
            if let id = line.id { live[id] = nil }
        }
        return live.values.sorted { $0.sequence < $1.sequence }
    }
}
