/// The values of one target as ``Provider/values(_:as:)`` loads them: what the cache stores, at
/// once, then what the network says.
///
/// A description of the load, like a ``Paginator``: each `for` loop over it loads again, and
/// nothing is sent until the loop asks for a value. Ending the loop early (or cancelling its
/// task) cancels the call under way.
///
/// - The first value is the stored answer, read from the provider's ``HTTPCache`` alone (memory,
///   then disk) without waiting for the network; none when nothing is stored.
/// - A stored answer still fresh by its `Cache-Control` (or a target whose policy is
///   ``CachePolicy/cacheOnly`` or ``CachePolicy/returnCacheElseLoad``) is the last value: the
///   network would say the same.
/// - Otherwise the next value is the network's, as the target's cache policy loads it (a
///   revalidation with the stored `ETag` answers `304` and ``CacheOrigin/Kind/revalidated``).
/// - Offline after a stored value, the last value is that stored value again, its origin
///   ``CacheOrigin/Kind/offlineFallback`` and ``LoadedValue/networkError`` saying why: the loop
///   ends without throwing. With nothing stored, the loop throws what the call threw.
/// - Any other failure (an HTTP status the target refuses, an envelope's failure code, a payload
///   that does not decode) is thrown, after the stored value if there was one.
public struct LoadedValues<Value: Sendable>: AsyncSequence, Sendable {
    /// Each element is a value and where it came from.
    public typealias Element = LoadedValue<Value>
    /// A ``CourierError``; ``CourierError/cancelled`` when the task is cancelled.
    public typealias Failure = CourierError

    /// Reads the stored value (the cache alone), or `nil` when the target's answers cannot be stored.
    let stored: (@Sendable () async -> StoredRead<Value>)?
    /// Loads from the network; `afterStored` is the stored value already yielded, if any.
    let fresh: @Sendable (_ afterStored: LoadedValue<Value>?) async -> FreshRead<Value>

    /// Starts a load.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stored: stored, fresh: fresh)
    }

    /// Loads the values; see ``LoadedValues``.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private enum Step: Sendable {
            case stored
            case fresh(afterStored: LoadedValue<Value>?)
            case finished
        }

        private var step: Step
        private let stored: (@Sendable () async -> StoredRead<Value>)?
        private let fresh: @Sendable (LoadedValue<Value>?) async -> FreshRead<Value>

        fileprivate init(
            stored: (@Sendable () async -> StoredRead<Value>)?,
            fresh: @escaping @Sendable (LoadedValue<Value>?) async -> FreshRead<Value>
        ) {
            self.step = stored == nil ? .fresh(afterStored: nil) : .stored
            self.stored = stored
            self.fresh = fresh
        }

        /// The next value, or `nil` once the network's value (or the offline fallback) was given.
        ///
        /// - Throws: the network call's ``CourierError`` (see ``LoadedValues``), or
        ///   ``CourierError/cancelled`` when the task is cancelled.
        public mutating func next() async throws(CourierError) -> LoadedValue<Value>? {
            while true {
                switch step {
                case .finished:
                    return nil
                case .stored:
                    guard let stored else {
                        step = .fresh(afterStored: nil)
                        continue
                    }
                    switch await stored() {
                    case .none:
                        step = .fresh(afterStored: nil)
                    case .value(let value, let isLast):
                        step = isLast ? .finished : .fresh(afterStored: value)
                        return value
                    case .cancelled:
                        step = .finished
                        throw .cancelled
                    }
                case .fresh(let afterStored):
                    step = .finished
                    switch await fresh(afterStored) {
                    case .value(let value):
                        return value
                    case .unchanged:
                        return nil
                    case .failure(let error):
                        throw error
                    }
                }
            }
        }
    }
}

/// How a read of the stored value ended. At file scope, as the iterator's steps are generic.
enum StoredRead<Value: Sendable>: Sendable {
    /// Nothing usable is stored: go to the network.
    case none
    /// The stored value; `isLast` when the network would say the same.
    case value(LoadedValue<Value>, isLast: Bool)
    /// The task was cancelled.
    case cancelled
}

/// How a load from the network ended.
enum FreshRead<Value: Sendable>: Sendable {
    /// A value to give: the network's, or the stored one again as the offline fallback.
    case value(LoadedValue<Value>)
    /// The answer was the stored value given already (still fresh, `stale-while-revalidate`).
    case unchanged
    /// The call failed.
    case failure(CourierError)
}
