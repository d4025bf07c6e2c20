import Foundation
import Testing

/// A chunked answer with a trailer field: the native transport reads it; FoundationNetworking
/// aborts the process ("Transfer completed, but there's no response"), on every path URLSession
/// offers. The URLSession case documents that crash, in a probe process of its own, so that the
/// day a toolchain fixes it this test says so.
@Suite("Hostile server: chunked trailer", .requiresHostileServer)
struct TrailerLiveTests {
    private func probe(_ arguments: [String]) async throws -> Probe.Report {
        let url = try LiveServers.url(for: .hostile).absoluteString + "/trailer"
        return try await Probe.run([arguments[0], url] + arguments.dropFirst())
    }

    @Test("the native and routing transports read the body and drop the trailer", arguments: ["native", "routing"])
    func nativeReadsIt(transport: String) async throws {
        let report = try await probe([transport])
        #expect(report.outcome == "status 200, 5 bytes", "\(report)")
    }

    #if canImport(FoundationNetworking)
        @Test(
            "FoundationNetworking aborts the process, with or without the delegate, and for downloads",
            arguments: [["urlsession"], ["urlsession", "--limit", "none"], ["urlsession", "--download"]])
        func foundationAborts(arguments: [String]) async throws {
            let report = try await probe(arguments)
            #expect(report.signal != nil, "fixed in this toolchain? \(report)")
            #expect(report.standardError.contains("Transfer completed, but there's no response"))
        }
    #endif
}
