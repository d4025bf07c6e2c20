import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logger lines, without timestamps.
final class LiveLog: Sendable {
    private let storage = LockedState<[String]>([])

    func configuration(_ options: NetworkLoggerPlugin.LogOptions) -> NetworkLoggerPlugin.Configuration {
        NetworkLoggerPlugin.Configuration(
            formatter: .init(entry: { identifier, message, _ in "\(identifier): \(message)" }),
            output: { _, lines in self.storage.withLock { $0 += lines } },
            logOptions: options)
    }

    var lines: [String] { storage.withLock { $0 } }
    var text: String { lines.joined(separator: "\n") }
}
