import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Remembers, for each attempt in flight, when it was sent and what its secrets are, from
/// `willSend` to `didReceive`.
///
/// The provider names the call and the attempt both hooks belong to (`CallContext.current`), so
/// concurrent calls, even to the same URL, never mix their times up, and neither do the attempts
/// of one call. A hook called outside a provider's call (a test calling the plugin directly) falls
/// back to the method and URL; entries of one key form a stack, so such calls pair up last in,
/// first out.
final class CallLedger: Sendable {
    /// What `willSend` learnt about a call.
    struct Entry: Sendable {
        /// When the request was handed over.
        var start: ContinuousClock.Instant
        /// The request, for its secrets and for lines about a call that failed without a response.
        var request: URLRequest
        /// The secrets seen in the request, when its lines were formatted; `nil` when they were not.
        var masker: SecretMasker?
    }

    private enum Key: Hashable {
        case call(id: UInt64, attempt: Int)
        case request(String)
    }

    /// A safety net for hooks that are never paired (a plugin driven by hand): beyond this
    /// many entries, the oldest is dropped.
    private static let capacity = 4096

    private let entries = LockedValue<[Key: [Entry]]>([:])

    /// Records the start of the call that sends `request`.
    func begin(_ request: URLRequest, entry: Entry) {
        let key = Self.key(for: request)
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[key] == nil,
                let oldest = entries.min(by: { ($0.value.first?.start ?? .now) < ($1.value.first?.start ?? .now) })?.key
            {
                entries[oldest] = nil
            }
            entries[key, default: []].append(entry)
        }
    }

    /// Forgets and returns what was recorded for the call that ends now; `request` (when the
    /// result carries one) is the fallback outside a task.
    func end(_ request: URLRequest?) -> Entry? {
        let key = Self.key(for: request)
        return entries.withLock { entries in
            guard var stack = entries[key], let entry = stack.popLast() else { return nil }
            entries[key] = stack.isEmpty ? nil : stack
            return entry
        }
    }

    /// The number of calls in flight, for tests.
    var count: Int { entries.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    private static func key(for request: URLRequest?) -> Key {
        if let call = CallContext.current { return .call(id: call.id, attempt: call.attempt) }
        return .request("\(request?.httpMethod ?? "GET") \(request?.url?.absoluteString ?? "")")
    }
}
