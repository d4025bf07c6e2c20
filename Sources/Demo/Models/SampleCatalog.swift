import Courier
import Foundation

/// The shop's sample catalogue, so stubbed pages look like the real backend's.
enum SampleCatalog {
    static let teas = [
        "Longjing", "Pu'er", "Tieguanyin", "Jasmine", "Oolong", "Biluochun", "Da Hong Pao", "White Peony",
    ]

    static func goods(categoryId: Int) -> [Goods] {
        guard categoryId == 1 else { return [] }
        return (1...23).map { index in
            Goods(
                id: index, categoryId: categoryId, productName: "\(teas[(index - 1) % teas.count]) \(index)",
                introduction: "Spring harvest, 250 g", imgId: "img-\(index)", price: Double(index * 10) + 0.5,
                priceUnit: "CNY")
        }
    }

    static func page(_ query: GoodsQuery) -> Page<Goods> {
        let all = goods(categoryId: query.categoryId)
        let size = max(1, query.pageSize)
        let pages = (all.count + size - 1) / size
        let start = (query.pageCurrent - 1) * size
        let records = start >= 0 && start < all.count ? Array(all[start..<min(all.count, start + size)]) : []
        return Page(size: size, current: query.pageCurrent, pages: pages, total: all.count, records: records)
    }
}
