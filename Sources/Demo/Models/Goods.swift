import Courier
import Foundation

/// One product of the shop API.
struct Goods: Codable, Sendable, Equatable {
    let id: Int
    let categoryId: Int
    let productName: String
    let introduction: String
    let imgId: String
    let price: Double
    let priceUnit: String
}

/// What the goods list is asked for.
struct GoodsQuery: Sendable, Equatable {
    var pageCurrent: Int
    var pageSize: Int
    var categoryId: Int
}
