import Courier
import Foundation

/// The shop backend (SEEDS §1): `{"succeed", "code", "msg", "data"}` envelopes.
enum MallAPI: TargetType {
    /// A page of goods: POST `/mallProductsInfo/getProductList`.
    case goods(GoodsQuery)
    /// One product by id.
    case product(id: Int)
    /// A call whose business status fails.
    case outOfStock(id: Int)

    var baseURL: URL { DemoHosts.mall }

    var path: String {
        switch self {
        case .goods: "/mallProductsInfo/getProductList"
        case .product: "/mallProductsInfo/getProduct"
        case .outOfStock: "/mallOrder/create"
        }
    }

    var method: HTTPMethod { .post }

    var task: RequestTask {
        switch self {
        case .goods(let query):
            .requestParameters(
                parameters: [
                    "pageCurrent": query.pageCurrent, "pageSize": query.pageSize, "categoryId": query.categoryId,
                ],
                encoding: URLEncoding.httpBody)
        case .product(let id), .outOfStock(let id):
            .requestParameters(parameters: ["id": id], encoding: URLEncoding.httpBody)
        }
    }

    var validationType: ValidationType { .successCodes }

    var sampleData: Data {
        switch self {
        case .goods(let query):
            DemoJSON.envelope(["succeed": true, "code": 0, "msg": "查询成功"], data: SampleCatalog.page(query))
        case .product(let id):
            DemoJSON.envelope(
                ["succeed": true, "code": 0, "msg": "查询成功"],
                data: SampleCatalog.goods(categoryId: 1).first { $0.id == id })
        case .outOfStock:
            Data(#"{"succeed":false,"code":919,"msg":"库存不足"}"#.utf8)
        }
    }
}
