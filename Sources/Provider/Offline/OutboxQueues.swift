/// The outbox queues of this process, one per folder (by its standardized path), held weakly: a
/// queue lives while an outbox of its folder is open or its sender still runs.
enum OutboxQueues {
    private struct Held: @unchecked Sendable {
        // Unchecked: read and written only under `held`'s lock.
        weak var queue: AnyObject?
        let type: ObjectIdentifier
    }

    private static let held = LockedState<[String: Held]>([:])

    /// The queue of `path` for targets of `type`, made by `make` when there is none.
    ///
    /// - Throws: ``OutboxError/folderInUse(path:)`` when the folder's queue is another type's.
    static func queue<Queue: AnyObject>(for path: String, type: Any.Type, make: () -> Queue) throws(OutboxError)
        -> (queue: Queue, isNew: Bool)
    {
        try held.withLock { held throws(OutboxError) in
            if let existing = held[path], let queue = existing.queue {
                guard existing.type == ObjectIdentifier(type), let queue = queue as? Queue else {
                    throw .folderInUse(path: path)
                }
                return (queue, false)
            }
            let queue = make()
            held[path] = Held(queue: queue, type: ObjectIdentifier(type))
            return (queue, true)
        }
    }
}
