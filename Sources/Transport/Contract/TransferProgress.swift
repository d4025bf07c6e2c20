import CourierTargets
import Foundation

/// How far an upload or download has come.
public struct TransferProgress: Sendable, Equatable {
    /// Bytes sent or received so far.
    public var completedUnitCount: Int64
    /// Bytes expected in all, or `-1` when unknown.
    public var totalUnitCount: Int64

    /// Creates a progress value.
    public init(completedUnitCount: Int64, totalUnitCount: Int64) {
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
    }

    /// The fraction done, from 0 to 1; 0 while the total is unknown.
    public var fractionCompleted: Double {
        guard totalUnitCount > 0 else { return 0 }
        return min(1, Double(completedUnitCount) / Double(totalUnitCount))
    }
}
