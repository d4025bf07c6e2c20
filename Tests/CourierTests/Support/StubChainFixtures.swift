import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What the stub-chain tests watch a stubbed call with: how often its sample is asked, how its wait
// ended, what its plugins received, and a transport that keeps cookies but is never asked.

/// Counts the runs of a sample closure.
final class SampleRuns: Sendable {
    private let runs = LockedState(0)
    var count: Int { runs.withLock { $0 } }

    /// Counts one run and returns its number (1, 2, …).
    func next() -> Int {
        runs.withLock { runs in
            runs += 1
            return runs
        }
    }
}

/// A stub's real wait (``WaitTime/sleep(_:on:)``), logged: when it began and how it ended.
final class LoggedSleep: Sendable {
    private let log = LockedState<[String]>([])
    var entries: [String] { log.withLock { $0 } }

    func wait(_ seconds: TimeInterval) async throws {
        log.withLock { $0.append("began") }
        do {
            try await WaitTime.sleep(seconds, on: .system)
        } catch {
            log.withLock { $0.append("ended by \(type(of: error))") }
            throw error
        }
        log.withLock { $0.append("slept") }
    }
}

/// A transport that is never asked (a stub answers every call) but keeps cookies, as the
/// provider's default transport does.
final class CookieKeepingTransport: HopSettingsTransport {
    let cookies = SessionCookieStorage()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await UnreachableTransport().send(request)
    }

    var redirectRules: RedirectRules { .standard }

    func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        cookies.storage
    }
}

/// Records the failures its `didReceive` sees.
final class ReceivedResults: PluginType {
    private let received = LockedState<[CourierError]>([])
    var errors: [CourierError] { received.withLock { $0 } }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        if case .failure(let error) = result { received.withLock { $0.append(error) } }
    }
}
