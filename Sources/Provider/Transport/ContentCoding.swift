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

    /// The coding of `response`'s body when it has one (not `identity`) that `request` did not
    /// ask for; `nil` otherwise.
    static func unrequested(in response: URLResponse, for request: URLRequest) -> String? {
        guard let http = response as? HTTPURLResponse,
            let coding = http.value(forHTTPHeaderField: "Content-Encoding"),
            codings(in: coding).contains(where: { !$0.isEmpty && $0 != identity }),
            !isRequested(by: request)
        else { return nil }
        return coding
    }

    /// The codings in a comma-separated list, lowercased, without parameters' spaces.
    private static func codings(in list: String) -> [String] {
        list.split(separator: ",").map { element in
            element.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }
}
