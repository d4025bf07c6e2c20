import CourierPlugins
import Foundation

/// Collects what a plugin hands out, safely across tasks.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = LockedState<[Element]>([])

    /// Everything recorded, in order.
    var all: [Element] { storage.withLock { $0 } }

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    func append(contentsOf elements: [Element]) {
        storage.withLock { $0.append(contentsOf: elements) }
    }
}

/// Logger output lines, with the target each batch was logged for.
final class LogRecorder: Sendable {
    private let storage = LockedState<(lines: [String], targets: [String])>(([], []))

    /// A configuration writing into this recorder.
    func configuration(
        logOptions: NetworkLoggerPlugin.LogOptions = .default, bodyLimit: Int = 4096,
        maskedHeaders: Set<String> = [], maskedQueryItems: Set<String> = [],
        formatter: NetworkLoggerPlugin.Formatter = .init(entry: { identifier, message, _ in
            "\(identifier): \(message)"
        })
    ) -> NetworkLoggerPlugin.Configuration {
        NetworkLoggerPlugin.Configuration(
            formatter: formatter,
            output: { target, lines in self.record(lines, target: target) },
            logOptions: logOptions, bodyLimit: bodyLimit,
            masking: SecretMasking(
                maskedHeaders: maskedHeaders,
                maskedQueryItems: SecretMasking.defaultMaskedQueryItems.union(maskedQueryItems)))
    }

    func record(_ lines: [String], target: any TargetType) {
        storage.withLock {
            $0.lines += lines
            $0.targets.append(String(describing: type(of: target)))
        }
    }

    /// Every line so far.
    var lines: [String] { storage.withLock { $0.lines } }
    /// The type name of the target of each batch.
    var targets: [String] { storage.withLock { $0.targets } }
    /// Every line, joined.
    var text: String { lines.joined(separator: "\n") }

    /// The lines starting with `identifier: `.
    func lines(_ identifier: String) -> [String] {
        lines.filter { $0.hasPrefix(identifier + ": ") }
    }
}
