import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``RoutingTransport`` streams over the transport it would send the request with.
extension RoutingTransport: StreamingTransport {
    /// Streams `request` natively when the native transport can send it, through URLSession
    /// otherwise.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        #if os(Linux)
            if route(for: request) == .native { return try await native.stream(request, into: body) }
        #endif
        return try await urlSession.stream(request, into: body)
    }
}
