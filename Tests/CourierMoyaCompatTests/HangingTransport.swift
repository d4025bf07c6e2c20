import CourierMoyaCompat
import Foundation

/// A server that never answers: each call waits until its task is cancelled, and each send is
/// announced, so a test acts on calls really in flight.
final class HangingTransport: Transport {
    /// One element per request the transport was sent.
    let sends: AsyncStream<Void>
    private let announce: AsyncStream<Void>.Continuation

    init() {
        (sends, announce) = AsyncStream.makeStream(of: Void.self)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        announce.yield()
        let (cancelled, end) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in cancelled {}
        } onCancel: {
            end.finish()
        }
        throw CancellationError()
    }
}

/// Sends `count` calls of `target` through `provider`, waits until `transport` has them all,
/// runs `end`, and returns how each call ended.
func resultsOfCalls<Target: TargetType>(
    _ count: Int, of target: Target, through provider: MoyaProvider<Target>, reaching transport: HangingTransport,
    then end: () -> Void
) async -> [Result<Response, MoyaError>] {
    let results = AsyncStream.makeStream(of: Result<Response, MoyaError>.self)
    for _ in 0..<count {
        provider.request(target, callbackQueue: .global()) { results.continuation.yield($0) }
    }
    var sent = transport.sends.makeAsyncIterator()
    for _ in 0..<count { _ = await sent.next() }
    end()
    var ended: [Result<Response, MoyaError>] = []
    for await result in results.stream {
        ended.append(result)
        if ended.count == count { break }
    }
    return ended
}
