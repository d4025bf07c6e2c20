import Foundation

/// A limit on how often a token may be refreshed: at most ``maximumRefreshes`` within
/// ``interval`` seconds. It stops refresh loops against a backend that keeps rejecting new tokens.
///
/// ```swift
/// let window = RefreshWindow(maximumRefreshes: 2, interval: 30)
/// ```
public struct RefreshWindow: Sendable, Equatable {
    /// Refreshes allowed within ``interval``; `3` by default.
    public var maximumRefreshes: Int
    /// The window, in seconds; `30` by default.
    public var interval: TimeInterval

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - maximumRefreshes: refreshes allowed per window; `3` by default.
    ///   - interval: the window's length in seconds; `30` by default.
    public init(maximumRefreshes: Int = 3, interval: TimeInterval = 30) {
        self.maximumRefreshes = max(0, maximumRefreshes)
        self.interval = interval
    }

    /// Whether one more refresh at `now` stays within the window, given earlier refresh times.
    func allows(after refreshes: [Date], now: Date) -> Bool {
        refreshes.filter { now.timeIntervalSince($0) < interval }.count < maximumRefreshes
    }
}
