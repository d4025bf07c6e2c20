import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("requestWithProgress")
struct ProgressStreamTests {
    @Test("progress steps in order, then one completed step carrying the response")
    func steps() async throws {
        let transport = ScriptedTransport { request in
            for done in [25, 50, 100] {
                request.progress?(TransferProgress(completedUnitCount: Int64(done), totalUnitCount: 100))
            }
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data("done".utf8))
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        var fractions: [Double] = []
        var final: Response?
        for try await step in provider.requestWithProgress(CoreTestTarget()) {
            #expect(final == nil, "nothing may follow the completed step")
            if step.completed {
                final = step.response
                #expect(step.progress == 1)
            } else {
                fractions.append(step.progress)
            }
        }
        #expect(fractions == [0.25, 0.5, 1])
        #expect(final?.data == Data("done".utf8))
    }

    @Test("a stubbed call reports the sample's bytes in steps, then completes with the sample")
    func stubbed() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        var steps: [ProgressResponse] = []
        for try await step in provider.requestWithProgress(CoreTestTarget()) { steps.append(step) }
        try expectGrowingSteps(steps, total: Int64(Data(#"{"ok":true}"#.utf8).count))
        #expect(steps.last?.response?.data == Data(#"{"ok":true}"#.utf8))
    }

    @Test("a failure ends the stream with the CourierError")
    func failure() async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: 500))
        await #expect {
            for try await _ in provider.requestWithProgress(CoreTestTarget(validationType: .successCodes)) {}
        } throws: { error in
            (error as? CourierError)?.testCaseName == "statusCode"
        }
    }

    @Test("leaving the loop early cancels the call")
    func earlyExitCancels() async throws {
        let (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Void.self)
        let transport = ScriptedTransport { request in
            request.progress?(TransferProgress(completedUnitCount: 1, totalUnitCount: 100))
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelledContinuation.yield()
                throw error
            }
            throw MarkerError(name: "not cancelled")
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        for try await step in provider.requestWithProgress(CoreTestTarget()) {
            #expect(!step.completed)
            break
        }
        await cancelled.nextElement()
    }

    @Test("TransferProgress and ProgressResponse fractions")
    func fractions() {
        #expect(TransferProgress(completedUnitCount: 1, totalUnitCount: 4).fractionCompleted == 0.25)
        #expect(TransferProgress(completedUnitCount: 5, totalUnitCount: -1).fractionCompleted == 0)
        #expect(TransferProgress(completedUnitCount: 9, totalUnitCount: 4).fractionCompleted == 1)
        #expect(ProgressResponse().progress == 0)
        #expect(!ProgressResponse().completed)
        #expect(ProgressResponse(response: Response(statusCode: 200, data: Data())).progress == 1)
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many calls at once through one provider each get their own answer")
    func manyCalls() async throws {
        let transport = ScriptedTransport { request in
            await Task.yield()
            let id = request.urlRequest.queryDictionary["id"] ?? "?"
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data(id.utf8))
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for id in 0..<200 {
                group.addTask {
                    let target = CoreTestTarget(
                        task: .requestParameters(parameters: ["id": id], encoding: URLEncoding.queryString))
                    return (id, try await provider.request(target).mapString())
                }
            }
            var answers: [Int: String] = [:]
            for try await (id, text) in group { answers[id] = text }
            return answers
        }
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { String($0.key) == $0.value })
        #expect(transport.requests.count == 200)
    }

    @Test("many stubbed, decoded and completion-handler calls at once")
    func mixedForms() async throws {
        struct Detail: Decodable { var id: Int }
        let provider = Provider<ShopAPI>(stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<100 {
                group.addTask {
                    let detail = try await provider.request(.detail(id: id), as: Detail.self)
                    #expect(detail.id == id)
                }
                group.addTask {
                    let result = await withCheckedContinuation { continuation in
                        provider.request(.detail(id: id)) { continuation.resume(returning: $0) }
                    }
                    let response = try result.get()
                    #expect(response.statusCode == 200)
                }
            }
            try await group.waitForAll()
        }
    }
}
