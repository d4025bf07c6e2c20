import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A connection the server closed before any answer, as every transport reports it.
///
/// FoundationNetworking reports it as libcurl does ("Empty reply from server") with
/// `URLError.badServerResponse`, which reads as a server that answered badly; the native transport
/// and URLSession on Apple platforms report `URLError.networkConnectionLost`, which Courier counts
/// as the network failing (the cache's offline fallback and `stale-if-error` answer it). So that
/// the transport does not decide what a dropped connection means, URLSession's error is given the
/// native transport's code, its description and failing URL kept.
enum EmptyReply {
    /// libcurl's words for `CURLE_GOT_NOTHING`; they are not localised.
    private static let curlDescription = "Empty reply from server"

    /// `error`, or `URLError(.networkConnectionLost)` when it is FoundationNetworking's empty reply.
    static func normalized(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .badServerResponse,
            let description = urlError.userInfo[NSLocalizedDescriptionKey] as? String,
            description.hasPrefix(curlDescription)
        else { return error }
        return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
    }
}
