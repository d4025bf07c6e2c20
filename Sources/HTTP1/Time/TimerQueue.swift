/// One deadline per owner (a connection of an event loop), kept in a ``BinaryHeap`` so the
/// earliest is found without looking at every owner.
///
/// Only an owner's earliest deadline counts: scheduling a later one keeps the earlier (when it
/// fires, the owner says whether it is really due and schedules again if not), scheduling an
/// earlier one replaces it. A replaced or cancelled deadline stays in the heap until it reaches
/// the top and is dropped there (lazy deletion): the heap never needs a search, and holds at most
/// one live entry per owner.
struct TimerQueue<Owner: Hashable & Sendable>: Sendable {
    /// A deadline in the heap; `generation` tells it from a replaced one of the same owner.
    private struct Entry: Comparable, Sendable {
        var deadline: UInt64
        var generation: UInt64
        var owner: Owner

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.generation) < (rhs.deadline, rhs.generation)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.deadline == rhs.deadline && lhs.generation == rhs.generation
        }
    }

    private var heap = BinaryHeap<Entry>()
    /// Each owner's live entry: its deadline and generation.
    private var live: [Owner: (deadline: UInt64, generation: UInt64)] = [:]
    private var nextGeneration: UInt64 = 0

    /// Creates an empty queue.
    init() {}

    /// How many owners have a deadline.
    var count: Int { live.count }

    /// The deadline of `owner`, `nil` when it has none.
    func deadline(of owner: Owner) -> UInt64? { live[owner]?.deadline }

    /// Makes sure `owner` is looked at no later than `deadline`; returns whether that is earlier
    /// than every deadline before (the loop's wait must then be shortened).
    @discardableResult
    mutating func schedule(_ owner: Owner, at deadline: UInt64) -> Bool {
        if let current = live[owner], current.deadline <= deadline { return false }
        let wasEarliest = nextDeadline.map { deadline < $0 } ?? true
        nextGeneration += 1
        live[owner] = (deadline, nextGeneration)
        heap.insert(Entry(deadline: deadline, generation: nextGeneration, owner: owner))
        return wasEarliest
    }

    /// Forgets `owner`'s deadline.
    mutating func cancel(_ owner: Owner) {
        live[owner] = nil
        dropStale()
    }

    /// The earliest deadline, `nil` when there is none.
    var nextDeadline: UInt64? { heap.min?.deadline }

    /// Takes out every owner whose deadline is `now` or earlier, earliest first.
    mutating func removeDue(now: UInt64) -> [Owner] {
        var due: [Owner] = []
        while let top = heap.min, top.deadline <= now {
            heap.removeMin()
            guard live[top.owner]?.generation == top.generation else { continue }
            live[top.owner] = nil
            due.append(top.owner)
        }
        dropStale()
        return due
    }

    /// Drops replaced and cancelled entries from the top, so ``nextDeadline`` is a live one.
    private mutating func dropStale() {
        while let top = heap.min, live[top.owner]?.generation != top.generation { heap.removeMin() }
    }
}
