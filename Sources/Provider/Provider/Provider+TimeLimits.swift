import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The time limits of a call: its deadline, and the longest silence its request waits through.
extension Provider {
    /// A new `URLRequest`'s `timeoutInterval`, which a request closure that set none leaves.
    static var untouchedTimeoutInterval: TimeInterval { 60 }

    /// The time limit `target` sets for itself, or else the provider's default.
    func timeout(for target: Target) -> TimeInterval? {
        guard traits.mayHaveTimeout else { return options.timeout }
        return (MultiTarget.unwrap(target) as? any TimeoutConfigurable)?.timeout ?? options.timeout
    }

    /// The limit on a whole call of `target`, retries included: the target's own timeout, or else
    /// the provider's default; an upload or a download (`task`) has none unless the target sets
    /// one, as it may rightly take longer (each still ends after `timeoutInterval` of silence).
    /// `nil` or infinity: no limit.
    func deadline(for target: Target, task: RequestTask) -> TimeInterval? {
        if traits.mayHaveTimeout, let own = (MultiTarget.unwrap(target) as? any TimeoutConfigurable)?.timeout {
            return own
        }
        switch task {
        case .uploadFile, .uploadMultipart, .uploadCompositeMultipart, .downloadDestination, .downloadParameters:
            return nil
        default:
            return options.timeout
        }
    }
}
