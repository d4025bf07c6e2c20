import Courier

/// Alamofire's download types, as Moya targets use them.
public enum DownloadRequest {
    /// What to do at the destination. Courier always does both, so the options are accepted
    /// and need no handling.
    public struct Options: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates options from raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Creates the destination's missing folders (Courier always does).
        public static let createIntermediateDirectories = Options(rawValue: 1 << 0)
        /// Replaces a file already at the destination (Courier always does).
        public static let removePreviousFile = Options(rawValue: 1 << 1)
    }

    /// Alamofire's destination closure, which returns the file's URL with options.
    public typealias Destination =
        @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (destinationURL: URL, options: Options)
}

/// Moya's `DownloadDestination`: Alamofire's closure that returns the destination with options.
///
/// It shadows Courier's own ``CourierTargets/DownloadDestination`` (which returns the URL
/// alone) in files that import this module, so `let destination: DownloadDestination = { _, _
/// in (fileURL, [.removePreviousFile]) }` keeps compiling.
public typealias DownloadDestination = DownloadRequest.Destination

extension RequestTask {
    /// Downloads the body to the file Alamofire's destination closure names, as in Moya.
    public static func downloadDestination(_ destination: @escaping DownloadRequest.Destination) -> RequestTask {
        .downloadDestination { temporaryURL, response in destination(temporaryURL, response).destinationURL }
    }

    /// `[String: Any]` parameters encoded by `encoding`, with the body downloaded to the file
    /// Alamofire's destination closure names, as in Moya.
    public static func downloadParameters(
        parameters: [String: Any], encoding: any ParameterEncoding, destination: @escaping DownloadRequest.Destination
    ) -> RequestTask {
        .downloadParameters(parameters: parameters, encoding: encoding) { temporaryURL, response in
            destination(temporaryURL, response).destinationURL
        }
    }
}
