#if os(Linux)
    import Courier
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The requests the native transport's tests send to the scripted server.
    extension NativeTestServer {
        /// A `GET` of `path` with `timeout` as its idle limit.
        func get(_ path: String = "/", timeout: TimeInterval = 10) -> TransportRequest {
            var request = URLRequest(url: url.appendingPathComponent(path))
            request.timeoutInterval = timeout
            return TransportRequest(urlRequest: request)
        }

        /// A `POST` of `body` to `path`.
        func post(_ path: String = "/", body: String) -> TransportRequest {
            var request = URLRequest(url: url.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            return TransportRequest(urlRequest: request)
        }
    }
#endif
