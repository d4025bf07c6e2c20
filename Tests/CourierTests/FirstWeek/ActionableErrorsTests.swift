import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Errors a developer can act on: they say what failed, and where.
@Suite("Errors say what failed and where")
struct ActionableErrorsTests {
    @Test(
        "a URLError from a transport reads as a sentence naming the host",
        arguments: [
            (URLError.Code.cannotFindHost, "the host was not found (nope.invalid)"),
            (.cannotConnectToHost, "the server refused the connection or could not be reached (nope.invalid)"),
            (.timedOut, "the server did not answer in time (nope.invalid)"),
            (.secureConnectionFailed, "a secure (TLS) connection could not be established (nope.invalid)"),
        ])
    func urlErrorSentence(code: URLError.Code, sentence: String) throws {
        let url = try #require(URL(string: "https://nope.invalid/path"))
        let error = CourierError.underlying(URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url]), nil)
        #expect(error.description == "The request failed: \(sentence).")
    }

    @Test("a refused connection through URLSessionTransport names the host, not an NSError dump")
    func refusedThroughURLSession() async throws {
        let provider = Provider<CoreTestTarget>(transport: URLSessionTransport())
        let target = CoreTestTarget(baseURL: try #require(URL(string: "http://127.0.0.1:1")))
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        let description = error?.description ?? ""
        #expect(description.contains("127.0.0.1"))
        #expect(!description.contains("(null)"))
        #expect(!description.contains("NSURLErrorDomain"))
    }

    @Test("a base URL without a scheme says the scheme is missing")
    func missingScheme() throws {
        let target = CoreTestTarget(baseURL: try #require(URL(string: "api.example.com")))
        let endpoint = Provider<CoreTestTarget>.defaultEndpointMapping(for: target)
        let error = #expect(throws: CourierError.self) { try endpoint.urlRequest() }
        #expect(error?.description.contains("no scheme") == true)
    }

    @Test("a query written into the path is sent as a query, before the task's parameters")
    func queryInPath() throws {
        let base = try #require(URL(string: "https://rank.example.com/api"))
        #expect(
            URL(target: CoreTestTarget(baseURL: base, path: "/rank?area=CN")).absoluteString
                == "https://rank.example.com/api/rank?area=CN")
        let withParameters = CoreTestTarget(
            baseURL: base, path: "/rank?area=CN",
            task: .requestParameters(parameters: ["page": 2], encoding: URLEncoding.queryString))
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: withParameters).urlRequest()
        #expect(request.url?.absoluteString == "https://rank.example.com/api/rank?area=CN&page=2")
        let spaced = CoreTestTarget(baseURL: base, path: "/search?q=green tea&tag=a%20b")
        #expect(URL(target: spaced).absoluteString == "https://rank.example.com/api/search?q=green%20tea&tag=a%20b")
        let withBaseQuery = try #require(URL(string: "https://rank.example.com/api?v=2"))
        #expect(
            URL(target: CoreTestTarget(baseURL: withBaseQuery, path: "/rank?area=CN")).absoluteString
                == "https://rank.example.com/api/rank?v=2&area=CN")
    }
}
