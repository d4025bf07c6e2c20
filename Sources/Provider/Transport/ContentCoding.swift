import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The content codings of a request and its answer, as far as a size limit cares.
enum ContentCoding {
    /// The `Accept-Encoding` a transport with a size limit sends when the request has none: a
    /// compressed body is inflated by FoundationNetworking before it can be counted.
    static let identity = "identity"

    /// Whether `request` asks for a content coding other than `identity`.
    static func isRequested(by request: URLRequest) -> Bool {
        guard let accepted = request.value(forHTTPHeaderField: "Accept-Encoding") else { return false }
        return codings(in: accepted).contains { !$0.isEmpty && $0 != identity && $0 != "*;q=0" }
    }

    /// How many bytes one byte of `gzip` or `deflate` inflates to at most (DEFLATE's limit,
    /// about 1032:1).
    static let deflateExpansion: Int64 = 1032

    /// The codings libcurl inflates by itself before FoundationNetworking hands a byte over: the
    /// only ones whose decoded size the transport cannot count as it comes.
    static let inflatedByLibcurl: Set<String> = ["gzip", "x-gzip", "deflate", "br", "zstd"]

    /// The coding of `response`'s body when it has one that `request` did not ask for and that
    /// libcurl inflates (``inflatedByLibcurl``), so that its decoded size may pass `limit`; `nil`
    /// otherwise. A coding libcurl does not know is not inflated, so its bytes are counted as they
    /// come like any body's (libcurl 7.x then fails the transfer itself: it refuses a content or
    /// transfer coding it does not know).
    ///
    /// A `gzip` or `deflate` body whose length is known and small enough that even at DEFLATE's
    /// greatest expansion it stays within `limit` passes: servers that compress whatever they
    /// are asked are common, and such a body is no bomb.
    static func unrequested(in response: URLResponse, for request: URLRequest, limit: Int64) -> String? {
        guard let http = response as? HTTPURLResponse,
            let coding = http.value(forHTTPHeaderField: "Content-Encoding"),
            case let list = codings(in: coding).filter({ !$0.isEmpty && $0 != identity }),
            list.contains(where: inflatedByLibcurl.contains), !isRequested(by: request)
        else { return nil }
        let length = response.expectedContentLength
        let isDeflate = list.allSatisfy { ["gzip", "x-gzip", "deflate"].contains($0) } && list.count == 1
        if isDeflate, length >= 0, length <= limit / deflateExpansion { return nil }
        return coding
    }

    /// The codings in a comma-separated list, lowercased, without parameters' spaces.
    private static func codings(in list: String) -> [String] {
        list.split(separator: ",").map { element in
            element.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }
}
