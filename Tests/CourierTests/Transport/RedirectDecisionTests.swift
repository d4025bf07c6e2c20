import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RedirectPolicy.next`, the one redirect rule both transports follow, over every status,
/// method, kind of `Location` and hop count.
@Suite("Redirect decisions")
struct RedirectDecisionTests {
    /// The form of a response's `Location`.
    enum Location: String, CaseIterable, Sendable {
        case absent, relative, absoluteSameOrigin, absoluteOtherOrigin, nonHTTP, empty

        /// The header value, resolved against `http://api.example.com:8080/v1/start?x=1`.
        var value: String? {
            switch self {
            case .absent: nil
            case .relative: "next?y=2"
            case .absoluteSameOrigin: "http://API.example.com:8080/other"
            case .absoluteOtherOrigin: "http://elsewhere.example.net/landing"
            case .nonHTTP: "ftp://api.example.com/file"
            case .empty: ""
            }
        }

        /// The URL followed, or `nil` when the redirect is the answer.
        var followed: String? {
            switch self {
            case .relative: "http://api.example.com:8080/v1/next?y=2"
            case .absoluteSameOrigin: "http://API.example.com:8080/other"
            case .absoluteOtherOrigin: "http://elsewhere.example.net/landing"
            case .absent, .nonHTTP, .empty: nil
            }
        }

        var isCrossOrigin: Bool { self == .absoluteOtherOrigin }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var status: Int
        var method: String
        var location: Location
        var atLimit: Bool
        var testDescription: String { "\(status) \(method) \(location)\(atLimit ? " at the limit" : "")" }
    }

    static let cases: [Case] = [301, 302, 303, 307, 308].flatMap { status in
        ["GET", "HEAD", "POST", "PUT"].flatMap { method in
            Location.allCases.flatMap { location in
                [false, true].map { Case(status: status, method: method, location: location, atLimit: $0) }
            }
        }
    }

    /// The method each status continues with, per original method (RFC 9110 §15.4).
    static let continuedMethod: [Int: [String: String]] = [
        301: ["GET": "GET", "HEAD": "HEAD", "POST": "GET", "PUT": "PUT"],
        302: ["GET": "GET", "HEAD": "HEAD", "POST": "GET", "PUT": "PUT"],
        303: ["GET": "GET", "HEAD": "HEAD", "POST": "GET", "PUT": "GET"],
        307: ["GET": "GET", "HEAD": "HEAD", "POST": "POST", "PUT": "PUT"],
        308: ["GET": "GET", "HEAD": "HEAD", "POST": "POST", "PUT": "PUT"],
    ]

    static let headers = [
        "Authorization": "Bearer t", "Cookie": "s=1", "X-API-Key": "k", "Accept": "application/json",
        "Content-Type": "application/json", "User-Agent": "app/1",
    ]
    static let body = Data(#"{"a":1}"#.utf8)

    private func request(_ method: String, kind: TransportRequest.Kind = .data) throws -> TransportRequest {
        var request = URLRequest(url: try #require(URL(string: "http://api.example.com:8080/v1/start?x=1")))
        request.httpMethod = method
        if case .data = kind, method != "GET", method != "HEAD" { request.httpBody = Self.body }
        request.allHTTPHeaderFields = Self.headers
        return TransportRequest(urlRequest: request, kind: kind)
    }

    @Test("every status × method × Location × hop count", arguments: cases)
    func decision(_ test: Case) throws {
        let original = try request(test.method)
        let decision = RedirectPolicy.next(
            after: original, status: test.status, location: test.location.value,
            responseURL: original.urlRequest.url, redirectsFollowed: test.atLimit ? 16 : 15)
        guard let followed = test.location.followed else {
            guard case .answer = decision else {
                Issue.record("expected the redirect to be the answer, got \(decision)")
                return
            }
            return
        }
        if test.atLimit {
            guard case .tooMany = decision else {
                Issue.record("expected too many redirects, got \(decision)")
                return
            }
            return
        }
        guard case .follow(let next) = decision else {
            Issue.record("expected a followed redirect, got \(decision)")
            return
        }
        let method = try #require(Self.continuedMethod[test.status]?[test.method])
        #expect(next.urlRequest.url?.absoluteString == followed)
        #expect(next.urlRequest.httpMethod == method)
        let keepsBody = method == test.method
        #expect(next.urlRequest.httpBody == (keepsBody ? original.urlRequest.httpBody : nil))
        var expected = Self.headers
        if !keepsBody { expected["Content-Type"] = nil }
        if test.location.isCrossOrigin {
            expected = expected.filter { ["Accept", "Content-Type", "User-Agent"].contains($0.key) }
        }
        #expect(next.urlRequest.allHTTPHeaderFields ?? [:] == expected)
    }

    @Test("statuses that are not followed redirects are the answer", arguments: [200, 204, 300, 304, 305, 306, 399])
    func notARedirect(status: Int) throws {
        let original = try request("GET")
        let decision = RedirectPolicy.next(
            after: original, status: status, location: "/next", responseURL: original.urlRequest.url,
            redirectsFollowed: 0)
        guard case .answer = decision else {
            Issue.record("\(status) was followed: \(decision)")
            return
        }
    }

    @Test("an upload that continues as GET becomes a data call; one that keeps its method stays an upload")
    func uploadKind() throws {
        let upload = try request("POST", kind: .upload(.data(Self.body)))
        let asGET = RedirectPolicy.next(
            after: upload, status: 303, location: "/n", responseURL: upload.urlRequest.url, redirectsFollowed: 0)
        guard case .follow(let get) = asGET else { throw Failure("303 not followed") }
        #expect(get.kind.isData)
        let kept = RedirectPolicy.next(
            after: upload, status: 307, location: "/n", responseURL: upload.urlRequest.url, redirectsFollowed: 0)
        guard case .follow(let post) = kept else { throw Failure("307 not followed") }
        guard case .upload(.data(let body)) = post.kind else { throw Failure("the upload became \(post.kind)") }
        #expect(body == Self.body)
    }

    @Test("Location resolves against the response's URL; the limit is one number, 16 by default")
    func responseURLAndLimit() throws {
        let original = try request("GET")
        let decision = RedirectPolicy.next(
            after: original, status: 302, location: "b", responseURL: URL(string: "http://api.example.com:8080/z/a"),
            redirectsFollowed: 0)
        guard case .follow(let next) = decision else { throw Failure("302 not followed") }
        #expect(next.urlRequest.url?.absoluteString == "http://api.example.com:8080/z/b")
        #expect(RedirectPolicy.maximumRedirects == 16)
        guard
            case .tooMany = RedirectPolicy.next(
                after: original, status: 302, location: "b", responseURL: nil, redirectsFollowed: 3, limit: 3)
        else { throw Failure("a lower limit was not obeyed") }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
