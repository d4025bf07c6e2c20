import Foundation

/// Prints the demo's story: a heading per API, and a line per result.
enum DemoConsole {
    static func heading(_ text: String) {
        print("\n━━ \(text) " + String(repeating: "━", count: max(0, 70 - text.count)))
    }

    static func step(_ text: String) {
        print("\n• \(text)")
    }

    static func result(_ text: String) {
        print("  ✓ \(text)")
    }

    static func failure(_ text: String) {
        print("  ✗ \(text)")
    }
}
