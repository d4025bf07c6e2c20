import Foundation

/// The sentence shown to the user for each kind of failure; every one can be replaced, and
/// `nil` shows nothing for that kind.
///
/// ```swift
/// var messages = StatusMessages()
/// messages.serverError = "服务器出错了，请稍后重试~"
/// messages.sessionExpired = nil          // the login screen says it better
/// ```
///
/// For ``StatusMessageKind/business`` failures the server's own message is shown when it sent
/// one (and ``usesServerMessages`` is on); ``business`` is the fallback.
public struct StatusMessages: Sendable, Hashable {
    /// For a business failure without a message of the server's own.
    public var business: String? = "Something went wrong on the server. Please try again later."
    /// For ``StatusMessageKind/offline``.
    public var offline: String? = "You appear to be offline. Check your connection and try again."
    /// For ``StatusMessageKind/cannotConnect``.
    public var cannotConnect: String? = "The server cannot be reached. Please try again later."
    /// For ``StatusMessageKind/timeout``.
    public var timeout: String? = "The request timed out. Please try again."
    /// For ``StatusMessageKind/serverError``.
    public var serverError: String? = "Something went wrong on the server. Please try again later."
    /// For ``StatusMessageKind/clientError``.
    public var clientError: String? = "The request could not be completed."
    /// For ``StatusMessageKind/sessionExpired``.
    public var sessionExpired: String? = "Your session has expired. Please log in again."
    /// For ``StatusMessageKind/unreadableResponse``.
    public var unreadableResponse: String? = "The server's response could not be read."
    /// For ``StatusMessageKind/invalidRequest``.
    public var invalidRequest: String? = "The request could not be made."
    /// For ``StatusMessageKind/cancelled``; `nil` (no message) by default.
    public var cancelled: String?
    /// For ``StatusMessageKind/other``.
    public var other: String? = "The network request failed. Please try again."
    /// Whether a business failure shows the server's own message when it sent one; `true` by default.
    public var usesServerMessages = true

    /// The English messages listed above.
    public init() {}

    /// The messages of a Chinese app, with the classic "服务器出错了，请稍后重试~" for server errors.
    public static var simplifiedChinese: StatusMessages {
        var messages = StatusMessages()
        messages.business = "服务器出错了，请稍后重试~"
        messages.offline = "网络连接失败，请检查网络设置"
        messages.cannotConnect = "无法连接服务器，请稍后重试"
        messages.timeout = "请求超时，请稍后重试"
        messages.serverError = "服务器出错了，请稍后重试~"
        messages.clientError = "请求失败，请稍后重试"
        messages.sessionExpired = "请登录!"
        messages.unreadableResponse = "数据解析失败，请稍后重试"
        messages.invalidRequest = "请求参数有误"
        messages.other = "网络请求失败，请稍后重试"
        return messages
    }

    /// The message for `kind` (for ``StatusMessageKind/business``, the fallback).
    public subscript(kind: StatusMessageKind) -> String? {
        get {
            switch kind {
            case .business: business
            case .offline: offline
            case .cannotConnect: cannotConnect
            case .timeout: timeout
            case .serverError: serverError
            case .clientError: clientError
            case .sessionExpired: sessionExpired
            case .unreadableResponse: unreadableResponse
            case .invalidRequest: invalidRequest
            case .cancelled: cancelled
            case .other: other
            }
        }
        set {
            switch kind {
            case .business: business = newValue
            case .offline: offline = newValue
            case .cannotConnect: cannotConnect = newValue
            case .timeout: timeout = newValue
            case .serverError: serverError = newValue
            case .clientError: clientError = newValue
            case .sessionExpired: sessionExpired = newValue
            case .unreadableResponse: unreadableResponse = newValue
            case .invalidRequest: invalidRequest = newValue
            case .cancelled: cancelled = newValue
            case .other: other = newValue
            }
        }
    }

    /// The message to show for `error`, or `nil` when its kind shows none.
    ///
    /// ```swift
    /// catch let error as CourierError {
    ///     if let message = StatusMessages.simplifiedChinese.message(for: error) { toast(message.text) }
    /// }
    /// ```
    public func message(for error: CourierError) -> StatusMessage? {
        let kind = StatusMessageKind(error)
        if kind == .business, usesServerMessages, case .business(_, let serverMessage?, _) = error {
            let trimmed = serverMessage.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return StatusMessage(text: trimmed, kind: kind, error: error) }
        }
        guard let text = self[kind] else { return nil }
        return StatusMessage(text: text, kind: kind, error: error)
    }
}
