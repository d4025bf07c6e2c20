import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Prints what each call sent and what came back.
struct DemoTracePlugin: PluginType {
    func willSend(_ request: URLRequest, target: any TargetType) {
        print("  → \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "-")")
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        print("    headers: " + headers.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        if let body = request.httpBody, !body.isEmpty {
            print("    body: \(String(decoding: body.prefix(200), as: UTF8.self))")
        }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        switch result {
        case .success(let response):
            let text = String(decoding: response.data.prefix(160), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            print("  ← \(response.statusCode), \(response.data.count) bytes: \(text)\(response.data.count > 160 ? "…" : "")")
        case .failure(let error):
            print("  ← \(error)")
        }
    }
}
