import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport behind a ``NetworkSwitch``: each hop passes the switch, then goes where the wrapped
/// transport would send it (its route, with its cookie storage and decoding rule, when it states
/// them; the chain's defaults otherwise).
struct SwitchedTransport: HopSettingsTransport, StreamingTransport {
    let wrapped: any Transport
    let network: NetworkSwitch

    private var settings: (any HopSettingsTransport)? { wrapped as? any HopSettingsTransport }

    var redirectRules: RedirectRules { settings?.redirectRules ?? .standard }

    func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        settings?.cookieStorage(for: request)
    }

    func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
        settings?.contentDecoding(for: request)
    }

    func hopRoute(for hop: TransportRequest) -> HopRoute {
        guard let settings else {
            return HopRoute(
                transport: NetworkGate(wrapped: wrapped, network: network), cookieStorage: nil, contentDecoding: nil)
        }
        let route = settings.hopRoute(for: hop)
        return HopRoute(
            transport: NetworkGate(wrapped: route.transport, network: network), cookieStorage: route.cookieStorage,
            contentDecoding: route.contentDecoding)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await NetworkGate(wrapped: wrapped, network: network).send(request)
    }

    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        try await NetworkGate(wrapped: wrapped, network: network).stream(request, into: body)
    }
}

/// A test's stubs behind a ``NetworkSwitch``: still a transport that answers from stubs, so a
/// provider keeps treating it as one (no `sampleData` stubbing in front of it, no cache unless asked).
struct SwitchedStubTransport: StubAnsweringTransport, StreamingTransport {
    let wrapped: any Transport
    let network: NetworkSwitch

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await NetworkGate(wrapped: wrapped, network: network).send(request)
    }

    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        try await NetworkGate(wrapped: wrapped, network: network).stream(request, into: body)
    }
}

/// One hop through the switch: refused while it is down, sent by `wrapped` while it is up.
struct NetworkGate: StreamingTransport {
    let wrapped: any Transport
    let network: NetworkSwitch

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try network.check()
        return try await wrapped.send(request)
    }

    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        try network.check()
        return try await StreamedBody.stream(request, over: wrapped, into: body)
    }
}
