#if os(Linux)
    /// Work that tasks hand to an event loop, kept under the loop's lock until the loop's thread
    /// runs it, and what the loop is doing, so that a submission writes the eventfd only when the
    /// loop sleeps and no wake-up is on its way already.
    struct SubmissionQueue: Sendable {
        /// One piece of work, run on the loop's thread.
        typealias Job = @Sendable () -> Void

        /// What waits, oldest first.
        private var jobs: [Job] = []
        /// The loop waits in epoll with nothing queued: a submission must wake it.
        var isSleeping = false
        /// An eventfd write since the loop went to sleep: later submissions need none.
        private var wakeUpSent = false
        /// The loop's thread ended: a submission runs on its caller's thread instead.
        var isClosed = false

        /// Whether no work waits.
        var isEmpty: Bool { jobs.isEmpty }

        /// Queues `job`; `true` when the caller must wake the loop.
        mutating func append(_ job: @escaping Job) -> Bool {
            jobs.append(job)
            guard isSleeping, !wakeUpSent else { return false }
            wakeUpSent = true
            return true
        }

        /// Everything queued, in order; the loop is awake from now on.
        mutating func takeAll() -> [Job] {
            wakeUpSent = false
            defer { jobs.removeAll(keepingCapacity: true) }
            return jobs
        }

        /// The loop woke: it drains the queue before it sleeps again.
        mutating func noteAwake() {
            isSleeping = false
            wakeUpSent = false
        }
    }
#endif
