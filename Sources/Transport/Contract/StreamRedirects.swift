import CourierTargets
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirects of one streaming call, followed by ``RedirectPolicy`` as a data call's are, so
/// a stream and a data call to the same URL reach the same server with the same request.
///
/// A transport sends ``request``, and asks ``decision(status:location:responseURL:)`` as soon as
/// the head arrives, before any byte of that hop's body reaches the consumer's ``StreamedBody``:
/// a redirect's body is never the stream's. On `.follow` it drops that hop, calls
/// ``advance(to:)`` and sends again; on `.tooMany` it fails with ``tooManyRedirects()``.
package struct StreamRedirects: Sendable {
    /// The request of the current hop.
    package private(set) var request: TransportRequest
    /// How many redirects were followed so far.
    package private(set) var followed = 0
    private let follows: Bool
    private let limit: Int

    /// Redirects of `request`; with `follows` false, every head is the answer.
    package init(_ request: TransportRequest, follows: Bool, limit: Int = RedirectPolicy.maximumRedirects) {
        self.request = request
        self.follows = follows
        self.limit = limit
    }

    /// What follows the current hop's head with `status` and `Location` value `location`, which
    /// `responseURL` (the hop's URL when `nil`) answered.
    package func decision(status: Int, location: String?, responseURL: URL? = nil) -> RedirectPolicy.Decision {
        guard follows else { return .answer }
        return RedirectPolicy.next(
            after: request, status: status, location: location, responseURL: responseURL ?? request.urlRequest.url,
            redirectsFollowed: followed, limit: limit)
    }

    /// The next hop sends `next`.
    package mutating func advance(to next: TransportRequest) {
        request = next
        followed += 1
    }

    /// The error of a call redirected past the limit, as a data call's.
    package func tooManyRedirects() -> URLError {
        let url = request.urlRequest.url
        var info: [String: Any] = [NSLocalizedDescriptionKey: "Too many redirects"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.httpTooManyRedirects, userInfo: info)
    }
}
