import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A status outside the target's `validationType` is `.statusCode(response)`, body intact.
@Suite("Validation")
struct ValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var validation: ValidationType
        var status: Int
        var accepted: Bool
        var testDescription: String { "\(validation) with \(status): \(accepted ? "accepted" : "rejected")" }
    }

    static let cases: [Case] = [
        Case(validation: .none, status: 200, accepted: true),
        Case(validation: .none, status: 302, accepted: true),
        Case(validation: .none, status: 404, accepted: true),
        Case(validation: .none, status: 500, accepted: true),
        Case(validation: .successCodes, status: 200, accepted: true),
        Case(validation: .successCodes, status: 204, accepted: true),
        Case(validation: .successCodes, status: 299, accepted: true),
        Case(validation: .successCodes, status: 199, accepted: false),
        Case(validation: .successCodes, status: 300, accepted: false),
        Case(validation: .successCodes, status: 404, accepted: false),
        Case(validation: .successCodes, status: 503, accepted: false),
        Case(validation: .successAndRedirectCodes, status: 200, accepted: true),
        Case(validation: .successAndRedirectCodes, status: 304, accepted: true),
        Case(validation: .successAndRedirectCodes, status: 399, accepted: true),
        Case(validation: .successAndRedirectCodes, status: 400, accepted: false),
        Case(validation: .successAndRedirectCodes, status: 500, accepted: false),
        Case(validation: .customCodes([200, 404]), status: 404, accepted: true),
        Case(validation: .customCodes([200, 404]), status: 200, accepted: true),
        Case(validation: .customCodes([200, 404]), status: 201, accepted: false),
        Case(validation: .customCodes([]), status: 200, accepted: false),
    ]

    @Test("ValidationType.accepts", arguments: cases)
    func accepts(_ testCase: Case) {
        #expect(testCase.validation.accepts(testCase.status) == testCase.accepted)
    }

    @Test("a stubbed call is validated", arguments: cases)
    func stubbed(_ testCase: Case) async throws {
        let body = Data(#"{"error":"nope","status":\#(testCase.status)}"#.utf8)
        let provider = Provider<CoreTestTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacingSample { .networkResponse(testCase.status, body) }
            },
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        try await expectValidation(testCase, body: body, provider: provider)
    }

    @Test("a call over a transport is validated", arguments: cases)
    func overTransport(_ testCase: Case) async throws {
        let body = Data(#"{"error":"nope","status":\#(testCase.status)}"#.utf8)
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: testCase.status, body: body))
        try await expectValidation(testCase, body: body, provider: provider)
    }

    private func expectValidation(_ testCase: Case, body: Data, provider: Provider<CoreTestTarget>) async throws {
        let target = CoreTestTarget(validationType: testCase.validation)
        if testCase.accepted {
            let response = try await provider.request(target)
            #expect(response.statusCode == testCase.status)
            #expect(response.data == body)
        } else {
            let error = try await #require(throws: CourierError.self) { try await provider.request(target) }
            guard case .statusCode(let response) = error else {
                Issue.record("expected .statusCode, got \(error)")
                return
            }
            #expect(response.statusCode == testCase.status)
            #expect(response.data == body)
            #expect(error.errorDescription?.contains("\(testCase.status)") == true)
            #expect(error.errorDescription?.contains("nope") == true)
        }
    }

    @Test("validation fails request(_:as:) before decoding")
    func validationBeforeDecoding() async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: 500, body: Data("<html>".utf8)))
        let error = try await #require(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(validationType: .successCodes), as: [String].self)
        }
        #expect(error.testCaseName == "statusCode")
    }

    @Test("401 is .sessionExpired whatever the validation type", arguments: [ValidationType.none, .successCodes])
    func unauthorized(validation: ValidationType) async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: 401, body: Data("login".utf8)))
        let error = try await #require(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(validationType: validation))
        }
        guard case .sessionExpired(let response) = error else {
            Issue.record("expected .sessionExpired, got \(error)")
            return
        }
        #expect(response.statusCode == 401)
        #expect(response.data == Data("login".utf8))
    }

    @Test("sessionExpiredStatusCodes chooses which statuses mean an expired session")
    func sessionExpiredCodes() async throws {
        let none = Provider<CoreTestTarget>(
            transport: ScriptedTransport(status: 401), options: ProviderOptions(sessionExpiredStatusCodes: []))
        #expect(try await none.request(CoreTestTarget()).statusCode == 401)

        let custom = Provider<CoreTestTarget>(
            transport: ScriptedTransport(status: 419), options: ProviderOptions(sessionExpiredStatusCodes: [401, 419]))
        let error = try await #require(throws: CourierError.self) { try await custom.request(CoreTestTarget()) }
        #expect(error.testCaseName == "sessionExpired")
    }
}
