import Testing

@testable import CourierHTTP1

/// The event loop's timers without a loop: the heap's order, and one live deadline per owner.
@Suite("Timers: binary heap and timer queue")
struct TimerQueueTests {
    @Test("a heap gives back any insertion order sorted, duplicates included")
    func heapSorts() {
        var random = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 3, 10, 257] {
            let values = (0..<size).map { _ in Int.random(in: 0..<50, using: &random) }
            var heap = BinaryHeap<Int>()
            for value in values { heap.insert(value) }
            #expect(heap.count == size)
            #expect(heap.min == values.min())
            var drained: [Int] = []
            while let value = heap.removeMin() { drained.append(value) }
            #expect(drained == values.sorted())
            #expect(heap.isEmpty)
            let fromEmpty = heap.removeMin()
            #expect(fromEmpty == nil)
        }
    }

    @Test("removals and insertions interleaved keep the smallest on top")
    func heapInterleaved() {
        var heap = BinaryHeap<Int>()
        for value in [5, 3, 8] { heap.insert(value) }
        let smallest = heap.removeMin()
        #expect(smallest == 3)
        heap.insert(1)
        heap.insert(9)
        let newSmallest = heap.removeMin()
        #expect(newSmallest == 1)
        let next = heap.removeMin()
        #expect(next == 5)
        #expect(heap.min == 8)
    }

    @Test("due owners come out earliest first; later ones stay")
    func dueInOrder() {
        var timers = TimerQueue<Int>()
        let firstIsEarliest = timers.schedule(1, at: 30)
        #expect(firstIsEarliest)
        let earlierIsEarliest = timers.schedule(2, at: 10)
        #expect(earlierIsEarliest)
        let laterIsEarliest = timers.schedule(3, at: 20)
        #expect(!laterIsEarliest)
        #expect(timers.nextDeadline == 10)
        let dueTooSoon = timers.removeDue(now: 9)
        #expect(dueTooSoon.isEmpty)
        let dueAt20 = timers.removeDue(now: 20)
        #expect(dueAt20 == [2, 3])
        #expect(timers.nextDeadline == 30)
        #expect(timers.count == 1)
        let dueAtEnd = timers.removeDue(now: .max)
        #expect(dueAtEnd == [1])
        #expect(timers.nextDeadline == nil)
    }

    @Test("an owner's earliest deadline counts: a later one is ignored, an earlier one replaces it")
    func earliestPerOwner() {
        var timers = TimerQueue<Int>()
        timers.schedule(1, at: 100)
        let laterIsEarliest = timers.schedule(1, at: 200)
        #expect(!laterIsEarliest)
        #expect(timers.deadline(of: 1) == 100)
        let earlierIsEarliest = timers.schedule(1, at: 50)
        #expect(earlierIsEarliest)
        #expect(timers.deadline(of: 1) == 50)
        // The replaced entry at 100 fires nothing when its time comes.
        let dueAt60 = timers.removeDue(now: 60)
        #expect(dueAt60 == [1])
        let staleDue = timers.removeDue(now: 150)
        #expect(staleDue.isEmpty)
        #expect(timers.count == 0 && timers.nextDeadline == nil)
    }

    @Test("a cancelled deadline never fires, and the next live one is on top")
    func cancel() {
        var timers = TimerQueue<Int>()
        timers.schedule(1, at: 10)
        timers.schedule(2, at: 20)
        timers.cancel(1)
        #expect(timers.nextDeadline == 20)
        #expect(timers.deadline(of: 1) == nil)
        let dueAt30 = timers.removeDue(now: 30)
        #expect(dueAt30 == [2])
        // Scheduling after a cancel works as new.
        timers.schedule(1, at: 40)
        let dueAt40 = timers.removeDue(now: 40)
        #expect(dueAt40 == [1])
    }

    @Test("many owners rescheduled at random match a plain dictionary of earliest deadlines")
    func matchesModel() {
        var random = SystemRandomNumberGenerator()
        var timers = TimerQueue<Int>()
        var model: [Int: UInt64] = [:]
        var now: UInt64 = 0
        for _ in 0..<2_000 {
            let owner = Int.random(in: 0..<20, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                timers.cancel(owner)
                model[owner] = nil
            case 1:
                now += UInt64.random(in: 0..<30, using: &random)
                let due = timers.removeDue(now: now)
                let expected = model.filter { $0.value <= now }
                #expect(Set(due) == Set(expected.keys))
                #expect(due.map { model[$0] ?? 0 } == due.map { model[$0] ?? 0 }.sorted())
                for owner in due { model[owner] = nil }
            default:
                let deadline = now + UInt64.random(in: 1..<100, using: &random)
                timers.schedule(owner, at: deadline)
                model[owner] = min(model[owner] ?? .max, deadline)
            }
            #expect(timers.nextDeadline == model.values.min())
            #expect(timers.count == model.count)
        }
    }
}
