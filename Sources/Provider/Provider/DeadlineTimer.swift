import Dispatch

/// One timer for the deadlines of every call in the process: a call's deadline is an entry in a
/// heap, and a single dispatch timer is armed for the earliest.
///
/// A timer per call (a dispatch source made, armed and cancelled each time) cost more than the
/// rest of a stubbed call's pipeline, and a sleeping task per call would leave its dispatch entry
/// queued until the full time has passed (about 0.7 KB a call for 60 s, which a busy service
/// would pile up by the hundred thousand). Here, scheduling a deadline later than the earliest
/// one (every call's, when they share the provider's default) takes a lock, a dictionary entry
/// and a heap insertion, and arms nothing; a cancelled entry leaves only its 16 bytes in the
/// heap, and the heap is rebuilt from the live entries when those are fewer than half of it.
///
/// A provider whose options name a test's ``ManualClock`` has a timer of its own on that clock
/// (a task that sleeps until the earliest deadline, in place of the dispatch timer), so tests of
/// deadlines advance time instead of waiting for it.
final class DeadlineTimer: @unchecked Sendable {
    // Unchecked for `source`, a dispatch object Swift does not count as `Sendable`: it is made in
    // `init` and then only armed, which is done under the state's lock.
    static let shared = DeadlineTimer()

    /// The timer for `clock`: the process's for the system's clock, a new one for a test's.
    static func timer(for clock: WaitClock) -> DeadlineTimer {
        clock.manual == nil ? shared : DeadlineTimer(clock: clock)
    }

    /// A deadline that was scheduled, to cancel it when its call ends first.
    struct Entry: Sendable {
        fileprivate let id: UInt64
    }

    private struct Pending {
        /// When the deadline passes, in `DispatchTime` uptime nanoseconds.
        let at: UInt64
        let id: UInt64
    }

    private struct State {
        /// A binary min-heap on `at`; an entry whose id is not in `live` was cancelled.
        var heap: [Pending] = []
        var live: [UInt64: (at: UInt64, call: Call)] = [:]
        var lastID: UInt64 = 0
        /// When the timer fires next; `UInt64.max` when it is not armed.
        var armedAt = UInt64.max
        /// On a test's clock, the task that sleeps until `armedAt`.
        var manualWait: Task<Void, Never>?
    }

    /// The clock deadlines are counted on.
    let clock: WaitClock
    private let state = LockedState(State())
    /// The dispatch timer, on the system's clock; `nil` on a test's.
    private let source: (any DispatchSourceTimer)?

    init(clock: WaitClock = .system) {
        self.clock = clock
        guard clock.manual == nil else {
            source = nil
            return
        }
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Courier.deadlines"))
        self.source = source
        source.setEventHandler { [weak self] in self?.fire() }
        source.schedule(deadline: .distantFuture)
        source.activate()
    }

    /// Expires `call` (``Call/expire(at:)``) `nanoseconds` from now, unless the entry is cancelled
    /// before.
    func schedule(_ call: Call, after nanoseconds: UInt64) -> Entry {
        let now = clock.now()
        let at = now.addingReportingOverflow(nanoseconds).overflow ? UInt64.max - 1 : now + nanoseconds
        return state.withLock { state in
            state.lastID += 1
            let id = state.lastID
            state.live[id] = (at, call)
            Self.push(Pending(at: at, id: id), onto: &state.heap)
            if at < state.armedAt { arm(at: at, now: now, in: &state) }
            return Entry(id: id)
        }
    }

    /// Forgets `entry`: its call ended first.
    func cancel(_ entry: Entry) {
        state.withLock { state in
            guard state.live.removeValue(forKey: entry.id) != nil else { return }
            if state.heap.count > 64, state.heap.count > 2 * state.live.count {
                // Cancelled entries are dropped from the heap lazily; rebuilt, it holds the live ones.
                state.heap = state.live.map { Pending(at: $0.value.at, id: $0.key) }
                for index in stride(from: state.heap.count / 2 - 1, through: 0, by: -1) {
                    Self.siftDown(from: index, in: &state.heap)
                }
            }
        }
    }

    /// The number of deadlines scheduled and not yet cancelled or passed.
    var pendingCount: Int { state.withLock { $0.live.count } }

    /// The number of entries the heap holds, cancelled ones not yet dropped included.
    var storedCount: Int { state.withLock { $0.heap.count } }

    /// The dispatch timer fired: every deadline that has passed expires its call, and the timer is
    /// armed for the next live one.
    private func fire() {
        let now = clock.now()
        let due = state.withLock { state -> [(call: Call, at: UInt64)] in
            var due: [(call: Call, at: UInt64)] = []
            while let top = state.heap.first, top.at <= now || state.live[top.id] == nil {
                Self.popMin(from: &state.heap)
                if top.at <= now, let entry = state.live.removeValue(forKey: top.id) {
                    due.append((entry.call, entry.at))
                }
            }
            state.armedAt = .max
            if let next = state.heap.first {
                arm(at: next.at, now: now, in: &state)
            } else {
                source?.schedule(deadline: .distantFuture)
            }
            return due
        }
        // Outside the lock: expiring a call resumes its caller.
        for (call, at) in due { call.expire(at: at) }
    }

    /// Arms the timer for `at`; called under the lock, so arming never races itself.
    private func arm(at: UInt64, now: UInt64, in state: inout State) {
        state.armedAt = at
        guard let source else {
            state.manualWait?.cancel()
            state.manualWait = Task { [weak self, clock] in
                guard (try? await clock.sleep(until: at)) != nil else { return }
                self?.fire()
            }
            return
        }
        let delay = at > now ? Int(clamping: at - now) : 0
        source.schedule(deadline: .now() + .nanoseconds(delay))
    }

    private static func push(_ pending: Pending, onto heap: inout [Pending]) {
        heap.append(pending)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].at < heap[parent].at else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func popMin(from heap: inout [Pending]) {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0, in: &heap)
    }

    private static func siftDown(from start: Int, in heap: inout [Pending]) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let child = right < heap.count && heap[right].at < heap[left].at ? right : left
            guard heap[child].at < heap[parent].at else { return }
            heap.swapAt(child, parent)
            parent = child
        }
    }
}
