import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README examples proposed for issue #21's progress, paging and stubbing items, compiled
/// and run here exactly as proposed (inside the functions below), against stubbed answers.
@Suite("README proposals: progress, paging, stubs")
struct ReadmeProposalExamples {
    enum MallAPI: TargetType {
        case goods(page: Int, size: Int, categoryId: Int)
        case timeline(cursor: String?)
        case upload([MultipartFormBodyPart])

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String {
            switch self {
            case .goods: "/mallProductsInfo/getProductList"
            case .timeline: "/timeline"
            case .upload: "/upload"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page, let size, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": size, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            case .timeline(let cursor):
                .requestParameters(parameters: cursor.map { ["cursor": $0] } ?? [:], encoding: URLEncoding.httpBody)
            case .upload(let parts): .uploadMultipart(parts)
            }
        }
    }

    struct Goods: Decodable, Sendable { var id: Int }
    struct Post: Decodable, Sendable { var id: Int }
    struct UploadReceipt: Decodable, Sendable { var id: Int }

    private let photos = [MultipartFormBodyPart(provider: .data(Data(repeating: 1, count: 900)), name: "files")]

    private static func stubbedMall() -> (StubTransport, Provider<MallAPI>) {
        let stubs = StubTransport()
        stubs.when(.path("/upload")).respond(json: #"{"code":0,"msg":"ok","data":{"id":7}}"#)
        stubs.when { $0.formBody["pageCurrent"] == "1" }.respond(
            json: #"{"code":0,"data":{"total":12,"records":[{"id":1},{"id":2}]}}"#)
        stubs.when { $0.formBody["pageCurrent"] == "2" }.respond(
            json: #"{"code":0,"data":{"total":12,"records":[{"id":3}]}}"#)
        stubs.when(.path("/timeline")).respond(json: #"{"code":0,"data":{"records":[{"id":1}],"next":"abc"}}"#)
        stubs.when { $0.formBody["cursor"] == "abc" }.respond(json: #"{"code":0,"data":{"records":[{"id":2}]}}"#)
        return (stubs, Provider<MallAPI>(transport: stubs, envelope: JSONEnvelope()))
    }

    @Test func uploadWithDecodedProgress() async throws {
        let uploads = Self.stubbedMall().1
        var receiptID: Int?
        // The "Uploads, downloads and progress" guide:
        for try await step in uploads.requestWithProgress(.upload(photos), as: UploadReceipt.self) {
            if let receipt = step.value {
                print("\nstored as \(receipt.id)")
            } else {
                print("\r\(Int(step.progress * 100)) %", terminator: "")
            }
            receiptID = step.value?.id ?? receiptID
        }
        #expect(receiptID == 7)
    }

    // README, "Testing your API layer":
    @Test func showsUploadProgress() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/upload")).respond(json: #"{"code":0,"msg":"ok","data":{"id":7}}"#)
        let uploads = Provider<MallAPI>(transport: stubs, envelope: JSONEnvelope())

        var fractions: [Double] = []
        for try await step in uploads.requestWithProgress(.upload(photos), as: UploadReceipt.self) {
            fractions.append(step.progress)  // a stub reports 4 growing steps, then the receipt at 1.0
        }

        #expect(fractions.count == 5)
        #expect(fractions == fractions.sorted() && fractions.last == 1)
    }

    @Test func countedAndCursorPages() async throws {
        let mall = Self.stubbedMall().1
        var ids: [Int] = []
        // The "Business envelopes and errors" guide, "Paged lists":
        // {"total": 23, "records": […]}: the page number and size are the request's
        let goods = mall.pages(of: CountedPage<Goods>.self, pageSize: 10) { page, size in
            .goods(page: page, size: size, categoryId: 1)
        }
        for try await page in goods {  // a Page<Goods>: current and size as asked, pages from total
            print("page \(page.current)/\(page.pages): \(page.records.count) of \(page.total) goods")
        }

        // {"records": […], "next": "abc"}: each request carries the cursor of the page before
        let timeline = mall.pages(of: CursorPage<Post>.self) { (cursor: String?) in .timeline(cursor: cursor) }
        for try await post in timeline.records { print(post.id) }
        // end of README block
        for try await page in goods { ids += page.records.map(\.id) }
        for try await post in timeline.records { ids.append(post.id) }
        #expect(ids == [1, 2, 3, 1, 2])
    }

    @Test func stubClosureOrStubTransport() async throws {
        let stubs = StubTransport()
        // README, "Stubs":
        let offline = Provider<MallAPI>(stubClosure: Provider.immediatelyStub)  // answers from sampleData
        let tested = Provider<MallAPI>(transport: stubs)  // answers from the test's stubs
        // Never both: a call the provider stubs in front of a StubTransport fails with
        // CourierError.requestMapping, which says so, rather than ignore the stubs.
        // end of README block
        _ = offline
        let mixed = Provider<MallAPI>(stubClosure: Provider.immediatelyStub, transport: stubs)
        await #expect(throws: CourierError.self) { try await mixed.request(.timeline(cursor: nil)) }
        _ = tested
    }
}
