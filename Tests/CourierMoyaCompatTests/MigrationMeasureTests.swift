import Foundation
import Testing

/// How much of a Moya API layer a port by the migration guide changes: the lines of
/// Fixtures/GitHubAPI.moya that differ in each port, over its non-blank lines. The ports only
/// rename or annotate, so they keep the original's line count and compare line by line.
@Suite struct MigrationMeasureTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    private static func lines(_ path: String) throws -> [String] {
        let url = folder.appendingPathComponent(path)
        return try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    }

    /// The changed lines of `port` and the non-blank line count of `original`.
    private static func changes(
        in port: String, from original: String = "Fixtures/GitHubAPI.moya"
    ) throws -> (changed: Int, total: Int) {
        let original = try lines(original)
        let ported = try lines(port)
        try #require(original.count == ported.count, "\(port) is no line-for-line port")
        let changed = zip(original, ported).filter { $0 != $1 }.count
        return (changed, original.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count)
    }

    @Test func theCompatibilityPortChangesUnderFivePercent() throws {
        let (changed, total) = try Self.changes(in: "GitHubAPI+Compat.swift")
        #expect(changed == 5, "import, Task, a [String: Any] case and two @Sendable closures")
        #expect(Double(changed) / Double(total) < 0.05)
    }

    @Test func theDirectPortChangesOnlyWhatTheGuideLists() throws {
        let (changed, total) = try Self.changes(in: "../CourierPluginsTests/MoyaPort/GitHubAPI+Courier.swift")
        #expect(changed == 18, "the compatibility port's 5 plus the renamed types and the 401 option")
        #expect(Double(changed) / Double(total) < 0.12)
    }

    @Test func theMoya11PortChangesTheImportsTaskAndOneSendableClosure() throws {
        let (changed, total) = try Self.changes(in: "ShopAPI+Compat.swift", from: "Fixtures/ShopAPI.moya11")
        #expect(changed == 4, "import Moya, import Result, Task and a completion that becomes @Sendable")
        #expect(Double(changed) / Double(total) < 0.05)
    }
}
