import Courier
import Foundation

/// `--calls N [--url URL [--urlsession]]`: one call, then `N` more, of the
/// plainest provider an app makes (no plugins, no envelope, the platform's default transport, or
/// stubbed when no URL is given), each decoding a small model with `request(_:as:)`.
///
/// scripts/count-call-files runs it twice in a coverage build, with `N` = 0 and `N` > 0: the
/// source files whose execution counts differ between the two runs are the ones a warm call
/// passes through, with set-up and the first call's connection left out.
enum PlainCalls {
    /// Any URL that answers `{"ok":true}`: scripts/scenario_server.py's `/health`.
    struct Target: TargetType {
        let url: URL
        var baseURL: URL { url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var sampleData: Data { Data(#"{"ok":true}"#.utf8) }
    }

    struct Health: Decodable {
        let ok: Bool
    }

    /// Makes `1 + count` calls; `false` when one fails.
    static func run(count: Int, url: URL?, throughURLSession: Bool) async -> Bool {
        let provider: Provider<Target> =
            if url == nil {
                Provider(stubClosure: Provider.immediatelyStub)
            } else if throughURLSession {
                Provider(transport: URLSessionTransport())
            } else {
                Provider()
            }
        let target = Target(url: url ?? URL(fileURLWithPath: "/"))
        for _ in 0...count {
            do {
                guard try await provider.request(target, as: Health.self).ok else { return false }
            } catch {
                print("courier-bench --calls: \(error)")
                return false
            }
        }
        return true
    }
}
