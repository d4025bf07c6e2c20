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

/// A page of the shop's goods list: `{size, current, pages, total, records}`.
struct GoodsPage: Codable, Sendable, Equatable {
    let size: Int
    let current: Int
    let pages: Int
    let total: Int
    let records: [Goods]
}

/// What the goods list is asked for.
struct GoodsQuery: Sendable, Equatable {
    var pageCurrent: Int
    var pageSize: Int
    var categoryId: Int
}
