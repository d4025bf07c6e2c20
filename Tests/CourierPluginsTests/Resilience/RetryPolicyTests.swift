import Courier
import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry policy")
struct RetryPolicyTests {
    enum ShopAPI: TargetType, RetryableTarget {
        case list, order, idempotentOrder
        var baseURL: URL { URL(fileURLWithPath: "/").appendingPathComponent("shop") }
        var path: String { "/x" }
        var method: HTTPMethod { self == .list ? .get : .post }
        var task: RequestTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
        var allowsRetry: Bool { self == .idempotentOrder }
    }

    private func request(_ method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(fileURLWithPath: "/shop/x"))
        request.httpMethod = method
        return request
    }

    private func status(_ code: Int, headers: [String: String] = [:]) -> CourierError {
        let url = URL(fileURLWithPath: "/shop/x")
        let http = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: headers)
        return .statusCode(Response(statusCode: code, data: Data(), response: http))
    }

    @Test("backoff is 0.5 s then 1 s without jitter, and within [half, full] with it")
    func backoff() {
        let exact = RetryPolicy(jitter: false)
        #expect(exact.backoff(forRetry: 1) == 0.5)
        #expect(exact.backoff(forRetry: 2) == 1.0)
        let jittered = RetryPolicy()
        for _ in 0..<100 {
            let value = jittered.backoff(forRetry: 2)
            #expect(value >= 0.5 && value <= 1.0)
        }
    }

    @Test("retryable statuses are retried for idempotent methods", arguments: [408, 500, 502, 503, 504])
    func retryableStatuses(code: Int) async {
        let policy = RetryPolicy(jitter: false)
        #expect(
            await policy.retry(request(), target: ShopAPI.list, dueTo: status(code), attempt: 1) == .retryAfter(0.5))
    }

    @Test("other statuses are not retried", arguments: [400, 401, 403, 404, 409, 422, 501])
    func otherStatuses(code: Int) async {
        #expect(
            await RetryPolicy().retry(request(), target: ShopAPI.list, dueTo: status(code), attempt: 1) == .doNotRetry)
    }

    @Test("POST is retried only when the target opts in")
    func postNeedsOptIn() async {
        let policy = RetryPolicy(jitter: false)
        #expect(
            await policy.retry(request("POST"), target: ShopAPI.order, dueTo: status(503), attempt: 1) == .doNotRetry)
        let optedIn = await policy.retry(
            request("POST"), target: ShopAPI.idempotentOrder, dueTo: status(503), attempt: 1)
        #expect(optedIn == .retryAfter(0.5))
    }

    @Test("429 honours Retry-After in seconds and as an HTTP date, and refuses waits over the maximum")
    func retryAfter() async {
        let policy = RetryPolicy()
        let soon = status(429, headers: ["Retry-After": "2"])
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: soon, attempt: 1) == .retryAfter(2))
        let tooLate = status(429, headers: ["Retry-After": "3600"])
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: tooLate, attempt: 1) == .doNotRetry)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let soonDate = status(503, headers: ["Retry-After": formatter.string(from: Date().addingTimeInterval(30))])
        let waited = await policy.retry(request(), target: ShopAPI.list, dueTo: soonDate, attempt: 1)
        // A date read is a wait of up to 30 s (less by the time this took); one unread is no retry.
        guard case .retryAfter(let seconds) = waited else {
            Issue.record("a date 30 s ahead was not honoured: \(waited)")
            return
        }
        #expect(seconds >= 0 && seconds <= 30)
        // A field that is no wait (here a date in a zone HTTP does not allow) is not retried either.
        let unreadable = status(429, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:30 UTC"])
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: unreadable, attempt: 1) == .doNotRetry)
        let fractional = status(429, headers: ["Retry-After": "1.5"])
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: fractional, attempt: 1) == .doNotRetry)
    }

    @Test("transport errors that pass are retried; cancellation and bad URLs are not")
    func transportErrors() async {
        let policy = RetryPolicy(jitter: false)
        for code in [URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet] {
            let error = CourierError.underlying(URLError(code), nil)
            #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: error, attempt: 1) == .retryAfter(0.5))
        }
        let final: [CourierError] = [
            .cancelled, .underlying(URLError(.badURL), nil), .underlying(URLError(.cancelled), nil),
        ]
        for error in final {
            #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: error, attempt: 1) == .doNotRetry)
        }
    }

    @Test("no retry beyond the retry limit")
    func limit() async {
        let policy = RetryPolicy(retryLimit: 2)
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: status(503), attempt: 2) != .doNotRetry)
        #expect(await policy.retry(request(), target: ShopAPI.list, dueTo: status(503), attempt: 3) == .doNotRetry)
    }

    @Test("through a provider, two 503s then a 200 succeed on the third attempt")
    func throughProvider() async throws {
        let answers = LockedState([503, 503, 200])
        let calls = CallCounter()
        let transport = ClosureTransport { _ in
            calls.increment()
            let code = answers.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            return (code, Data("{}".utf8))
        }
        let provider = Provider<ShopAPI>(
            transport: transport, plugins: [RetryPolicy(exponentialBackoffScale: 0.001, jitter: false)])

        let response = try await provider.request(.list)

        #expect(response.statusCode == 200)
        #expect(calls.count == 3)
    }
}
