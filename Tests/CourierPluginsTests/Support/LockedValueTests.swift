import Foundation
import Testing

@testable import CourierPlugins

/// The plugins' lock: what one thread writes under it, every other thread reads under it, and
/// no two writes interleave.
@Suite("LockedValue: the built-in plugins' lock")
struct LockedValueTests {
    @Test func incrementsFromManyThreadsAreAllKept() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 16_000)
    }

    @Test func anErrorThrownUnderTheLockReleasesIt() {
        struct Refused: Error {}
        let value = LockedValue([1])
        #expect(throws: Refused.self) {
            try value.withLock { (numbers: inout [Int]) throws -> Void in
                numbers.append(2)
                throw Refused()
            }
        }
        // Locking again would deadlock had the throw left the lock held.
        #expect(value.withLock { $0 } == [1, 2])
    }
}
