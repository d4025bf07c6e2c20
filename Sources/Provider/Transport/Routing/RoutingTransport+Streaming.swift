import Foundation

#if os(Linux)
    import CourierHTTP1
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``RoutingTransport`` streams over the transport it would send the request with.
extension RoutingTransport: StreamingTransport {
    /// Streams `request` natively when the native transport can send it, through URLSession
    /// otherwise. On Linux that is what bounds a stream's memory: the native transport stops
    /// reading the socket while the consumer's buffer is full, and URLSession there cannot.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        #if os(Linux)
            if route(for: request) == .native { return try await native.stream(request, into: body) }
        #endif
        return try await urlSession.stream(request, into: body)
    }
}
