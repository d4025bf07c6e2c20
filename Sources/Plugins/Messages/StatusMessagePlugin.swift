import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hands the app one short, human sentence for each failed call, in one place: a toast, a
/// HUD, a status bar.
///
/// ```swift
/// var messages = StatusMessages()
/// messages.serverError = "服务器出错了，请稍后重试~"
/// let status = StatusMessagePlugin(messages: messages) { message, _ in
///     Task { @MainActor in Toast.show(message.text) }
/// }
/// let provider = Provider<MallAPI>(plugins: [AccessTokenPlugin { _ in token }, status])
/// ```
///
/// The sentence is the server's own message from the business envelope when there is one
/// (`CourierError.business(code:message:response:)`), otherwise the one ``StatusMessages`` has
/// for the kind of failure (offline, cannot connect, timeout, server error, session expired,
/// …). Cancelled calls show nothing by default, and neither do targets whose
/// ``StatusMessageConfigurable/showsStatusMessages`` is `false`.
///
/// The plugin speaks once per call, about its final outcome (`didFinish`): after every retry
/// and token refresh, and after every plugin's `process`, wherever it sits in the array. A GET
/// that `RetryPolicy` sends three times and that fails three times shows one message; one whose
/// second attempt succeeds, or whose token `TokenRefreshPlugin` refreshes, shows none.
public struct StatusMessagePlugin: PluginType {
    /// Receives each message with the target of the call (seen through `MultiTarget`).
    public typealias Present = @Sendable (_ message: StatusMessage, _ target: any TargetType) -> Void

    /// The sentences used.
    public let messages: StatusMessages
    private let present: Present

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - messages: the sentences; the English ``StatusMessages/init()`` by default.
    ///   - present: shows a message; runs on the calling task's thread, so hop to the main
    ///     actor for UI work.
    public init(messages: StatusMessages = StatusMessages(), present: @escaping Present) {
        self.messages = messages
        self.present = present
    }

    /// Presents the message for a call that failed, once, when its outcome is final.
    public func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard case .failure(let error) = result else { return }
        let target = MultiTarget.unwrap(target)
        if (target as? any StatusMessageConfigurable)?.showsStatusMessages == false { return }
        if let message = messages.message(for: error) { present(message, target) }
    }
}
