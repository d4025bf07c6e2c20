import Foundation
import Observation

/// A value that lives on the server, kept for views to bind to: what the cache stores at once,
/// then what the network says, refreshed when a mutation makes it stale.
///
/// ```swift
/// struct FeedView: View {
///     @State private var feed = RemoteValue(FeedAPI.feed, as: [Post].self, provider: api)
///
///     var body: some View {
///         List(feed.value ?? []) { post in PostRow(post: post) }
///             .overlay { if feed.isLoading && feed.value == nil { ProgressView() } }
///             .task { await feed.load() }           // stored at once, then fresh
///             .refreshable { await feed.refresh() }  // the network, now
///     }
/// }
/// ```
///
/// It is an `@Observable` class (the Observation module, no Combine): a view that reads
/// ``value``, ``isLoading``, ``error`` or ``cacheOrigin`` is updated when they change.
///
/// - ``load()`` loads as ``Provider/values(_:as:)`` does: the stored value at once, then the
///   network's. Offline, the stored value stays and ``error`` says why no fresher one came.
/// - ``refresh()`` asks the network now, revalidating what the cache stores (a pull-to-refresh).
/// - Once loaded, it refreshes itself when a successful call invalidates its target or one of its
///   tags (``InvalidationConfigurable``, ``Provider/invalidate(_:)``), so a list shows an
///   outbox's mutation as soon as the server applied it.
///
/// It belongs to the main actor, as the state of a view does: SwiftUI reads it there, and every
/// change happens there, so a view never sees half of one. Its calls run off the main actor (the
/// provider is `Sendable`); only their results come back to it. On Linux it works the same in
/// any program whose main actor runs (an `async` main); a server that has no views needs no
/// model: it reads ``Provider/values(_:as:)`` or ``Provider/request(_:as:)`` directly.
@MainActor
@Observable
public final class RemoteValue<Value: Decodable & Sendable> {
    /// The last value loaded; `nil` until one is, and kept when a later load fails.
    public private(set) var value: Value?
    /// Whether a load or a refresh is under way (also while a stored value is shown and the
    /// network's is still coming).
    public private(set) var isLoading = false
    /// Why the last load or refresh did not bring a value from the network; `nil` once one does.
    /// Offline, ``value`` is still the last one loaded.
    public private(set) var error: CourierError?
    /// How the provider's cache answered for ``value``: `nil` when the network sent it as it is;
    /// ``CacheOrigin/Kind/offlineFallback`` (stale) when the network failed after it was shown.
    public private(set) var cacheOrigin: CacheOrigin?

    @ObservationIgnored private let values: @Sendable () -> LoadedValues<Value>
    @ObservationIgnored private let revalidated: @Sendable () async -> FreshRead<Value>
    @ObservationIgnored private let hub: OfflineHub
    @ObservationIgnored private let registration: UInt64
    /// The load or refresh under way, and which one it is: a result of an older one is dropped.
    @ObservationIgnored private var work: (generation: UInt64, task: Task<Void, Never>)?
    @ObservationIgnored private var generation: UInt64 = 0
    @ObservationIgnored private var hasLoaded = false

    /// A model of `target`'s value, decoded as `Value` through `provider` (and its envelope).
    /// Nothing is sent until ``load()`` or ``refresh()``.
    ///
    /// - Parameters:
    ///   - target: the call that reads the value: a `GET`, for the cache to store its answers.
    ///   - type: the payload's type.
    ///   - provider: the provider that sends it; give it an ``HTTPCache`` for the stored value to
    ///     show at once and offline.
    public init<Target: TargetType>(_ target: Target, as type: Value.Type, provider: Provider<Target>) {
        values = { provider.values(target, as: Value.self) }
        revalidated = {
            await provider.freshValue(
                of: target, as: Value.self, policy: provider.storableRead(of: target)?.policy, after: nil,
                revalidating: true)
        }
        hub = provider.offline
        registration = hub.makeID()
        let hub = hub
        let registration = registration
        let live = OfflineHub.LiveValue(url: provider.cacheURL(of: target), tags: provider.cacheTags(of: target)) {
            [weak self] in
            Task { @MainActor in self?.invalidated() }
        }
        hub.register(live, id: registration)
    }

    deinit {
        // Nonisolated: a running load holds the model until it ends, so nothing else is left.
        hub.forget(registration)
    }

    /// Loads the value as ``Provider/values(_:as:)`` does: the stored value at once, then the
    /// network's. Returns when the load ended; a load already under way is joined, not repeated.
    public func load() async {
        if let work {
            await work.task.value
            return
        }
        await run { model, generation in
            do throws(CourierError) {
                for try await loaded in model.values() {
                    guard model.generation == generation else { return }
                    model.show(loaded.value, origin: loaded.cacheOrigin, error: loaded.networkError)
                }
            } catch {
                guard model.generation == generation else { return }
                model.error = error
            }
        }
    }

    /// Asks the network for the value now, revalidating what the cache stores (`Cache-Control:
    /// no-cache`, as a browser's reload does), and returns when it came or failed. A load under
    /// way is cancelled in its favour.
    public func refresh() async {
        work?.task.cancel()
        work = nil
        await run { model, generation in
            let read = await model.revalidated()
            guard model.generation == generation else { return }
            switch read {
            case .value(let loaded): model.show(loaded.value, origin: loaded.cacheOrigin, error: nil)
            case .unchanged: break
            case .failure(let error): model.error = error
            }
        }
    }

    /// Its target was invalidated: once loaded, it refreshes.
    private func invalidated() {
        guard hasLoaded || work != nil else { return }
        Task { await refresh() }
    }

    /// Runs `body` as the model's one piece of work, with ``isLoading`` set around it.
    private func run(_ body: @escaping @MainActor (RemoteValue, UInt64) async -> Void) async {
        generation &+= 1
        let generation = generation
        if !isLoading { isLoading = true }
        hasLoaded = true
        let task = Task { @MainActor [weak self] in
            guard let self else { return }
            await body(self, generation)
            guard self.generation == generation else { return }
            self.isLoading = false
            self.work = nil
        }
        work = (generation, task)
        await task.value
    }

    /// Sets what changed: a view that reads only ``error`` is not updated by a new value.
    private func show(_ value: Value, origin: CacheOrigin?, error: CourierError?) {
        self.value = value
        if cacheOrigin != origin { cacheOrigin = origin }
        if error != nil || self.error != nil { self.error = error }
    }
}
