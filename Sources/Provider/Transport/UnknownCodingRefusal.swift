import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body in a content or transfer coding that FoundationNetworking's libcurl does not know, as
/// `URLSessionTransport` reports it on Linux.
///
/// libcurl (7.x, as Debian and Ubuntu ship it) inflates the codings it knows and fails the transfer
/// on any other one (`CURLE_BAD_CONTENT_ENCODING`), where the native transport and the browsers
/// pass the body up as sent. FoundationNetworking reports that failure as `URLError.unknown`; it is
/// given the code that says what happened, `URLError.cannotDecodeContentData`, its description and
/// failing URL kept. The native transport (`RoutingTransport`'s route for `http://` and `https://`
/// on Linux) delivers such a body.
enum UnknownCodingRefusal {
    /// libcurl's words for `CURLE_BAD_CONTENT_ENCODING`; they are not localised.
    private static let curlDescription = "Unrecognized content encoding type"

    /// `error`, or `URLError(.cannotDecodeContentData)` when it is libcurl's refusal of a coding.
    static func normalized(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unknown,
            let description = urlError.userInfo[NSLocalizedDescriptionKey] as? String,
            description.hasPrefix(curlDescription)
        else { return error }
        return URLError(.cannotDecodeContentData, userInfo: urlError.userInfo)
    }
}
