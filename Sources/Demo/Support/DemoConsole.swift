import Courier
import Foundation

/// Prints the demo's story: a heading per API, a line per step and result, the logger's lines
/// indented under the step that made them, and the HUD's messages.
enum DemoConsole {
    static let quiet = LockedState(false)

    static func heading(_ text: String) {
        print("\n━━ \(text) " + String(repeating: "━", count: max(0, 74 - text.count)))
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

    /// What a HUD or a status bar would show the user.
    static func hud(_ text: String) {
        print("  💬 HUD: \(text)")
    }

    /// The logger plugin's output.
    static func log(_ target: any TargetType, _ lines: [String]) {
        guard !quiet.withLock({ $0 }) else { return }
        for line in lines {
            for piece in line.split(separator: "\n", omittingEmptySubsequences: false) {
                print("    │ \(piece)")
            }
        }
    }
}
