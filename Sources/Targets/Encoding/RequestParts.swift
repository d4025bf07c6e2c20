import Foundation

/// The URL, method, headers and body of a request that is not a `URLRequest` yet.
///
/// An endpoint encodes its parameters into these parts and makes its `URLRequest` once at the
/// end: on Linux every change to a `URLRequest` whose storage is shared copies it (and
/// re-normalizes its method through `NSString`), which costs more than the encoding itself.
package struct RequestParts: Sendable {
    /// The absolute URL.
    package var url: URL
    /// The HTTP method, as in `URLRequest.httpMethod`.
    package var method: String
    /// The headers, as in `URLRequest.allHTTPHeaderFields`.
    package var headers: [String: String]?
    /// The body, as in `URLRequest.httpBody`.
    package var body: Data?

    /// Parts with `url`, `method` and `headers`, and no body.
    package init(url: URL, method: String, headers: [String: String]?) {
        self.url = url
        self.method = method
        self.headers = headers
    }
}
