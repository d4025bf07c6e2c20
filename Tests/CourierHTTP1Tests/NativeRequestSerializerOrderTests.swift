import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The order of the fields the serializer writes, and the `Content-Type` it adds.
@Suite("Native HTTP/1.1 request serializer: field order and Content-Type")
struct NativeRequestSerializerOrderTests {
    private func lines(
        _ url: String = "http://example.com:8080/p", method: String = "GET", fields: [String: String] = [:],
        bodyLength: Int64 = 0
    ) throws -> [String] {
        let target = try HTTPRequestSerializer.Target(url: URL(string: url))
        let bytes = try HTTPRequestSerializer.head(
            method: method, target: target, fields: fields, bodyLength: bodyLength, userAgent: "Test")
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test("Host is the first field after the request line (RFC 9110 §7.2)")
    func hostFirst() throws {
        let fields = ["X-A": "1", "Authorization": "Bearer t", "Accept": "a/b", "X-Z": "2"]
        let lines = try lines(fields: fields)
        #expect(lines[0] == "GET /p HTTP/1.1")
        #expect(lines[1] == "Host: example.com:8080")
        #expect(lines.filter { $0.lowercased().hasPrefix("host:") }.count == 1)
    }

    @Test("the request's own Host is first too, written once")
    func ownHostFirst() throws {
        let lines = try lines(fields: ["X-A": "1", "host": "api.example", "X-B": "2"])
        #expect(lines[1] == "host: api.example")
        #expect(lines.filter { $0.lowercased().hasPrefix("host:") }.count == 1)
    }

    @Test(
        "a PUT or PATCH body gets no Content-Type the request did not set", arguments: ["PUT", "PATCH", "DELETE"])
    func noTypeForPut(method: String) throws {
        let lines = try lines(method: method, bodyLength: 3)
        #expect(!lines.contains { $0.lowercased().hasPrefix("content-type:") })
        #expect(lines.contains("Content-Length: 3"))
    }

    @Test("a POST body without a Content-Type is sent as a form, as URLSession sends it")
    func formTypeForPost() throws {
        #expect(
            try lines(method: "POST", bodyLength: 3).contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(
            try lines(method: "post", bodyLength: 3).contains("Content-Type: application/x-www-form-urlencoded"))
    }

    @Test("a POST without a body gets no Content-Type")
    func noTypeForEmptyPost() throws {
        #expect(!(try lines(method: "POST")).contains { $0.lowercased().hasPrefix("content-type:") })
    }

    @Test("an upload (a body that is not httpBody) gets no Content-Type, even as a POST")
    func noTypeForUpload() throws {
        var request = URLRequest(url: try #require(URL(string: "http://example.com/p")))
        request.httpMethod = "POST"
        let target = try HTTPRequestSerializer.Target(url: request.url)
        let upload = try HTTPRequestSerializer.head(for: request, target: target, bodyLength: 3, userAgent: "T")
        #expect(!String(decoding: upload, as: UTF8.self).lowercased().contains("content-type"))
        request.httpBody = Data("a=b".utf8)
        let data = try HTTPRequestSerializer.head(for: request, target: target, bodyLength: 3, userAgent: "T")
        #expect(String(decoding: data, as: UTF8.self).contains("Content-Type: application/x-www-form-urlencoded"))
    }
}
