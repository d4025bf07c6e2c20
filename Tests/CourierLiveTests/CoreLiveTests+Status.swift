import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Status validation, error bodies, 401s and Basic credentials.
extension CoreLiveTests {
    struct StatusCase: Sendable, CustomTestStringConvertible {
        var status: Int
        var validation: ValidationType
        var accepted: Bool
        var testDescription: String { "/status/\(status) with \(validation)" }
    }

    @Test(
        "/status/N with each validation type",
        arguments: [
            StatusCase(status: 200, validation: .successCodes, accepted: true),
            StatusCase(status: 204, validation: .successCodes, accepted: true),
            StatusCase(status: 404, validation: .successCodes, accepted: false),
            StatusCase(status: 500, validation: .none, accepted: true),
            StatusCase(status: 304, validation: .successAndRedirectCodes, accepted: true),
            StatusCase(status: 400, validation: .successAndRedirectCodes, accepted: false),
            StatusCase(status: 418, validation: .customCodes([418]), accepted: true),
            StatusCase(status: 503, validation: .customCodes([200, 418]), accepted: false),
        ])
    func status(_ testCase: StatusCase) async throws {
        let target = try CoreBinTarget.bin("/status/\(testCase.status)", validation: testCase.validation)
        if testCase.accepted {
            #expect(try await provider.request(target).statusCode == testCase.status)
        } else {
            let error = try await #require(throws: CourierError.self) { try await provider.request(target) }
            guard case .statusCode(let response) = error else {
                Issue.record("expected .statusCode, got \(error)")
                return
            }
            #expect(response.statusCode == testCase.status)
            #expect(response.response?.statusCode == testCase.status)
        }
    }

    @Test("a 418 keeps its body in the statusCode error")
    func errorBodyKept() async throws {
        let target = try CoreBinTarget.bin("/status/418", validation: .successCodes)
        let error = try await #require(throws: CourierError.self) { try await provider.request(target) }
        #expect(error.response?.statusCode == 418)
        let body = String(decoding: error.response?.data ?? Data(), as: UTF8.self)
        #expect(body.contains("teapot"))
    }

    // FoundationNetworking waits on a 401 with a Basic challenge until its timeout: a call that
    // hung would end as a timeout, so the 401 itself shows it did not.
    @Test(
        "a 401 with a Basic challenge ends as .sessionExpired, not as a timeout",
        arguments: ["/status/401", "/basic-auth/user/passwd"])
    func unauthorized(path: String) async throws {
        let target = try CoreBinTarget.bin(path)
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        #expect(error?.testCaseName == "sessionExpired")
        #expect(error?.response?.statusCode == 401)
    }

    @Test("a 401 is returned as a response when sessionExpiredStatusCodes is empty")
    func unauthorizedAsResponse() async throws {
        let provider = Provider<CoreBinTarget>(
            transport: TestTransport.make(), options: ProviderOptions(sessionExpiredStatusCodes: []))
        let response = try await provider.request(try CoreBinTarget.bin("/basic-auth/user/passwd"))
        #expect(response.statusCode == 401)
        #expect(response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic") == true)
    }

    @Test("Basic credentials sent as a header are accepted")
    func basicAuthByHeader() async throws {
        let credentials = Data("user:passwd".utf8).base64EncodedString()
        let target = try CoreBinTarget.bin(
            "/basic-auth/user/passwd", headers: ["Authorization": "Basic \(credentials)"], validation: .successCodes)
        #expect(try await provider.request(target).statusCode == 200)
    }
}
