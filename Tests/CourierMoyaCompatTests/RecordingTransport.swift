import CourierMoyaCompat
import Foundation

/// Answers every request with one status and body, and records what it was sent.
final class RecordingTransport: Transport {
    private let status: Int
    private let body: Data
    private let sent = LockedState<[URLRequest]>([])

    init(status: Int = 200, body: String = "[]") {
        self.status = status
        self.body = Data(body.utf8)
    }

    /// The requests sent so far, in order.
    var requests: [URLRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0.append(request.urlRequest) }
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badServerResponse) }
        return TransportResponse(response: response, data: body)
    }
}

/// A test failed in a way `#expect` cannot say by itself.
struct CompatTestFailure: Error, CustomStringConvertible {
    let description: String
}
