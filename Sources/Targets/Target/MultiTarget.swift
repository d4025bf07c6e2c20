import Foundation

/// Wraps any target so one `Provider<MultiTarget>` can send targets of several enums.
///
/// ```swift
/// let provider = Provider<MultiTarget>()
/// let response = try await provider.request(.target(MallAPI.goods(page: 1, categoryId: 3)))
/// ```
///
/// Every property forwards to the wrapped target. Plugins that need the real target call
/// ``MultiTarget/unwrap(_:)``.
public enum MultiTarget: TargetType {
    /// The wrapped target.
    case target(any TargetType)

    /// Wraps `target`.
    public init(_ target: any TargetType) {
        self = .target(target)
    }

    /// The wrapped target.
    public var target: any TargetType {
        switch self {
        case .target(let target): target
        }
    }

    /// Sees through any number of `MultiTarget` wrappers to the real target.
    ///
    /// ```swift
    /// if let api = MultiTarget.unwrap(target) as? MallAPI { … }
    /// ```
    public static func unwrap(_ target: any TargetType) -> any TargetType {
        var current = target
        // The type is compared first: a failing cast costs more than the rest of most plugins.
        while type(of: current) == MultiTarget.self, let multi = current as? MultiTarget {
            current = multi.target
        }
        return current
    }

    /// The wrapped target's base URL.
    public var baseURL: URL { target.baseURL }
    /// The wrapped target's path.
    public var path: String { target.path }
    /// The wrapped target's method.
    public var method: HTTPMethod { target.method }
    /// The wrapped target's task.
    public var task: RequestTask { target.task }
    /// The wrapped target's headers.
    public var headers: [String: String]? { target.headers }
    /// The wrapped target's sample data.
    public var sampleData: Data { target.sampleData }
    /// The wrapped target's validation type.
    public var validationType: ValidationType { target.validationType }
}
