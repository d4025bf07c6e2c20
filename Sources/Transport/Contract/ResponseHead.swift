import CourierTargets
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The status and header fields of an answer, with its `HTTPURLResponse` made on first use.
///
/// On Linux, `HTTPURLResponse`'s initializer canonicalises every field name through `NSString`
/// and parses the content type character by character, a large part of a call's CPU time
/// (docs/BENCHMARKS.md), while most calls only read the status. A head made from fields keeps them and answers header lookups from them;
/// the object is made the first time someone asks for it, then kept.
package final class ResponseHead: Sendable {
    private enum Source {
        case made(HTTPURLResponse?)
        case fields(url: URL, version: String, fields: [HeaderField])
    }

    /// The HTTP status code.
    package let statusCode: Int
    private let source: Source
    /// The object made from `.fields`, once asked for.
    private let deferred: LockedState<HTTPURLResponse?>?

    /// A head for a response object that already exists (or for none).
    package init(statusCode: Int, response: HTTPURLResponse?) {
        self.statusCode = statusCode
        source = .made(response)
        deferred = nil
    }

    /// A head whose response object is made from `fields` (repeated names joined with ", ")
    /// when first asked for.
    package init(url: URL, statusCode: Int, version: String, fields: [HeaderField]) {
        self.statusCode = statusCode
        source = .fields(url: url, version: version, fields: fields)
        deferred = LockedState(nil)
    }

    /// The response object: the one given, or the one made from the fields.
    package var response: HTTPURLResponse? {
        switch source {
        case .made(let response):
            return response
        case .fields(let url, let version, let fields):
            guard let deferred else { return nil }
            return deferred.withLock { made in
                if let made { return made }
                made = HTTPURLResponse(
                    url: url, statusCode: statusCode, httpVersion: version,
                    headerFields: Self.dictionary(of: fields))
                return made
            }
        }
    }

    /// Whether ``response`` exists yet: the tests' way to see that a call did not make it.
    package var hasMadeResponse: Bool {
        guard let deferred else { return true }
        return deferred.withLock { $0 != nil }
    }

    /// Every field, in the order received when the head was made from fields (for the cache,
    /// which stores them).
    package var fields: [HeaderField] {
        switch source {
        case .made(let response):
            return (response?.allHeaderFields ?? [:]).compactMap { name, value in
                guard let name = name as? String else { return nil }
                return HeaderField(name: name, value: "\(value)")
            }
        case .fields(_, _, let fields):
            return fields
        }
    }

    /// The URL that answered (the last hop's, after redirects), read without making the response
    /// object; `nil` for a head without one.
    package var url: URL? {
        switch source {
        case .made(let response): response?.url
        case .fields(let url, _, _): url
        }
    }

    /// A header's value, looked up without case and without making the response object.
    package func value(forHTTPHeaderField name: String) -> String? {
        switch source {
        case .made(let response):
            return response?.value(forHTTPHeaderField: name)
        case .fields(_, _, let fields):
            var joined: String?
            for field in fields where field.name.caseInsensitiveEquals(name) {
                joined = joined.map { $0 + ", " + field.value } ?? field.value
            }
            return joined
        }
    }

    /// The same head without the fields `names` (compared without case): how a decoded body's
    /// head drops the `Content-Encoding` and `Content-Length` that described the encoded one.
    package func removingFields(named names: [String]) -> ResponseHead {
        let kept = fields.filter { field in !names.contains { field.name.caseInsensitiveEquals($0) } }
        switch source {
        case .fields(let url, let version, _):
            return ResponseHead(url: url, statusCode: statusCode, version: version, fields: kept)
        case .made(let response):
            guard let url = response?.url else { return self }
            return ResponseHead(url: url, statusCode: statusCode, version: "HTTP/1.1", fields: kept)
        }
    }

    /// The fields as `HTTPURLResponse` takes them: one key per name compared without case,
    /// spelled as it first came, with the values of every spelling joined with ", " in order.
    ///
    /// Two spellings (`X-A` and `x-a`) as two keys would leave `allHeaderFields` with both, and
    /// the object's own lookup would answer with one of them, whichever its hashing met first.
    package static func dictionary(of fields: [HeaderField]) -> [String: String] {
        var names: [String] = []
        var values: [String] = []
        names.reserveCapacity(fields.count)
        values.reserveCapacity(fields.count)
        for field in fields {
            if let index = names.firstIndex(where: { $0.caseInsensitiveEquals(field.name) }) {
                values[index] += ", " + field.value
            } else {
                names.append(field.name)
                values.append(field.value)
            }
        }
        return Dictionary(zip(names, values), uniquingKeysWith: { first, _ in first })
    }
}
