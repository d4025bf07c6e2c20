import Foundation
import Testing

@testable import Courier

/// A call's work starts on the caller's thread where the system has `Task.immediate` (Linux,
/// the 2025 Apple releases), in a plain `Task` on the older Apple systems Courier supports; both
/// starts give a call the same outcome. `startsWorkHere: false` runs the older systems' start
/// here, on Linux, where the suite runs.
@Suite("Deadline: the work's start, on the caller's thread or not")
struct DeadlineStartTests {
    private static let answer = Response(statusCode: 204, data: Data())

    /// Returns when the task is cancelled.
    private static func untilCancelled() async {
        try? await Task.sleep(for: .seconds(86_400))
    }

    @Test("where Task.immediate exists, the work runs on the caller's thread before the start returns")
    func immediateStart() async {
        let ran = LockedState(false)
        let worker = Deadline.startWork(here: true) { ran.withLock { $0 = true } }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            #expect(ran.withLock { $0 }, "the work ran before startWork returned")
        }
        await worker.value
        #expect(ran.withLock { $0 })
    }

    @Test("work that never waits settles the call, with either start", arguments: [true, false])
    func settles(startsWorkHere: Bool) async {
        let result = await Deadline.run(
            Call { _ in }, within: nil, among: CallRegistry(), deadlines: .shared, startsWorkHere: startsWorkHere
        ) { .success(Self.answer) }
        #expect((try? result.get())?.statusCode == 204)
    }

    @Test("a caller cancelled already gets .cancelled, with either start", arguments: [true, false])
    func cancelledCaller(startsWorkHere: Bool) async {
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Deadline.run(
                Call { _ in }, within: nil, among: CallRegistry(), deadlines: .shared, startsWorkHere: startsWorkHere
            ) {
                await Self.untilCancelled()
                return .success(Self.answer)
            }
        }
        let result = await call.value
        guard case .failure(let error) = result else {
            Issue.record("the call succeeded")
            return
        }
        #expect(error.isCancelled)
    }
}
