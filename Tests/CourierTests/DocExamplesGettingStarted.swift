import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Swift examples of Courier.docc's landing page (Courier.md) and of "Getting started"
// (Articles/GettingStarted.md), as written there, so that each one compiles. Types sit in a
// namespace per article (the articles' names clash with other tests'); the statements of an
// example sit in a function; `keep(_:)` marks values an example leaves for the reader.

/// Uses values that an example only shows, so that they are not reported as unused.
func keep(_ values: Any...) {}

/// Courier.md: the landing page's example.
enum LandingPageDoc {
    struct Goods: Decodable, Sendable {
        let id: Int
        let productName: String
        let price: Double
    }

    enum MallAPI: TargetType {
        case goods(page: Int, categoryId: Int)

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 20, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            }
        }
    }

    static func example() async throws {
        let mall = Provider<MallAPI>(envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))
        let page = try await mall.request(.goods(page: 1, categoryId: 3), as: Page<Goods>.self)
        keep(page)
    }
}

/// Articles/GettingStarted.md.
enum GettingStartedDoc {
    struct Goods: Codable, Sendable {
        let id: Int
        let productName: String
        let price: Double
    }

    enum MallAPI: TargetType {
        case product(id: Int)
        case goods(page: Int, categoryId: Int)
        case rename(id: Int, name: String)

        var baseURL: URL { URL(string: "https://mall.example.com")! }

        var path: String {
            switch self {
            case .product: "/mallProductsInfo/getProduct"
            case .goods: "/mallProductsInfo/getProductList"
            case .rename(let id, _): "/products/\(id)"
            }
        }

        var method: HTTPMethod {
            switch self {
            case .product, .goods: .post
            case .rename: .patch
            }
        }

        var task: RequestTask {
            switch self {
            case .product(let id):
                .requestParameters(parameters: ["id": id], encoding: URLEncoding.httpBody)
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 20, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            case .rename(_, let name):
                .requestJSONEncodable(["productName": name])
            }
        }

        var validationType: ValidationType { .successCodes }
    }

    /// "Send a call" and "Handle failures".
    static func sendAndHandleFailures() async throws {
        let mall = Provider<MallAPI>()

        // The raw response: status, headers, body.
        let response = try await mall.request(.product(id: 7))
        print(response.statusCode, try response.mapString())

        // A decoded value.
        let goods = try await mall.request(.product(id: 7), as: Goods.self)
        print(goods.productName)

        let shop = Provider<MallAPI>(envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))
        let tea = try await shop.request(.product(id: 7), as: Goods.self)  // the "data" object
        keep(tea)

        do {
            let goods = try await shop.request(.product(id: 7), as: Goods.self)
            print(goods.price)
        } catch CourierError.sessionExpired {
            print("log in again")
        } catch let error as CourierError where error.isCancelled {
            // the user left the screen; nothing to show
        } catch let error as CourierError {
            print("courier \(error.code): \(error)")  // for the log
            print(error.userMessage)  // for the user
        }
    }

    /// "Without async/await".
    static func completionForm() {
        let mall = Provider<MallAPI>()
        let call = mall.request(.goods(page: 1, categoryId: 3), callbackQueue: .main) { result in
            switch result {
            case .success(let response): print("HTTP", response.statusCode)
            case .failure(let error): print(error.userMessage)
            }
        }
        call.cancel()  // the completion then receives a cancelled CourierError
    }

    /// "Stub it for previews and tests".
    static func preview() async throws -> Goods {
        let preview = Provider<MallAPI>(stubClosure: Provider.immediatelyStub)
        let sample = try await preview.request(.product(id: 7), as: Goods.self)
        return sample
    }

    /// "Large APIs: structs and several enums".
    struct ProductTarget: TargetType {
        let id: Int

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String { "/products/\(id)" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    static func multiTarget() async throws {
        let catalog = Provider<MultiTarget>()
        let product = try await catalog.request(.target(ProductTarget(id: 7)), as: Goods.self)
        let listing = try await catalog.request(.target(MallAPI.goods(page: 1, categoryId: 3)))
        keep(product, listing)
    }
}

extension GettingStartedDoc.MallAPI {
    var sampleData: Data {
        Data(#"{"id": 7, "productName": "Longjing tea", "price": 128.5}"#.utf8)
    }
}

@Suite("Docs: Getting started")
struct GettingStartedDocTests {
    @Test("the preview provider answers from sampleData without a network")
    func previewDecodesTheSample() async throws {
        let sample = try await GettingStartedDoc.preview()
        #expect(sample.productName == "Longjing tea")
        #expect(sample.price == 128.5)
    }

    @Test("the landing page's envelope unwraps a page of goods")
    func landingPageDecodesAPage() async throws {
        let body = #"""
            {"succeed": true, "code": 0, "msg": "查询成功", "data": {"size": 20, "current": 1, "pages": 1, "total": 1,
             "records": [{"id": 1, "productName": "Kettle", "price": 59}]}}
            """#
        let mall = Provider<LandingPageDoc.MallAPI>(
            transport: ScriptedTransport(body: Data(body.utf8)),
            envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))
        let page = try await mall.request(.goods(page: 1, categoryId: 3), as: Page<LandingPageDoc.Goods>.self)
        #expect(page.records.map(\.productName) == ["Kettle"])
    }
}
