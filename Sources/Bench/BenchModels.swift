import Courier
import Foundation

/// The shop's goods, as in the demo: what the benchmarks decode.
struct BenchGoods: Codable, Sendable {
    let id: Int
    let categoryId: Int
    let productName: String
    let introduction: String
    let imgId: String
    let price: Double
    let priceUnit: String
}

struct BenchPage: Codable, Sendable {
    let size: Int
    let current: Int
    let pages: Int
    let total: Int
    let records: [BenchGoods]
}

/// `{"code", "msg", "data"}` decoded the plain way, for the bare-decode baseline.
struct BenchEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    let code: Int
    let msg: String
    let data: Payload
}

enum BenchBodies {
    /// An enveloped goods page of about `bytes` bytes.
    static func envelopedPage(approximateBytes bytes: Int) -> Data {
        let one = BenchGoods(
            id: 1, categoryId: 3, productName: "Longjing 龙井 tea", introduction: "Spring harvest, 250 g, West Lake",
            imgId: "img-000001", price: 128.5, priceUnit: "CNY")
        let itemSize = (try? JSONEncoder().encode(one).count) ?? 150
        let count = max(1, bytes / (itemSize + 1))
        let records = (0..<count).map {
            BenchGoods(
                id: $0, categoryId: 3, productName: "Longjing 龙井 tea", introduction: "Spring harvest, 250 g, West Lake",
                imgId: "img-\($0)", price: 128.5, priceUnit: "CNY")
        }
        let page = BenchPage(size: count, current: 1, pages: 1, total: count, records: records)
        let envelope = BenchEnvelope(code: 0, msg: "查询成功", data: page)
        return (try? JSONEncoder().encode(envelope)) ?? Data()
    }
}
