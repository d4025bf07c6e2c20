import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts activity changes; awaitable.
final class LiveActivityBalance: Sendable {
    private let state = LockedState<(began: Int, ended: Int, wentNegative: Bool)>((0, 0, false))
    private let continuation: AsyncStream<Void>.Continuation
    private let changes: AsyncStream<Void>

    init() {
        (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    var plugin: NetworkActivityPlugin {
        NetworkActivityPlugin { change, _ in
            self.state.withLock { state in
                if change == .began { state.began += 1 } else { state.ended += 1 }
                if state.ended > state.began { state.wentNegative = true }
            }
            self.continuation.yield()
        }
    }

    var counts: (began: Int, ended: Int) { state.withLock { ($0.began, $0.ended) } }
    var wentNegative: Bool { state.withLock { $0.wentNegative } }

    func wait(began: Int) async {
        if counts.began >= began { return }
        for await _ in changes where counts.began >= began { return }
    }
}
