import CourierTargets
import Foundation
import Testing

/// `String`, `Int`, `Double` and `Bool` leaves take a shortcut; their text is the general path's.
@Suite("URLEncoding: plain leaves are written as the general path writes them")
struct URLEncodingLeafTests {
    private static let leaves: [any Sendable] = [
        "", "a b+c&d=é/中", Int.min, -8, 0, Int.max, 2.5, 1.0, -0.0, 1e-7, 1e100, Double.pi, Double.nan,
        Double.infinity, true, false,
    ]

    @Test(
        "each leaf gives the text of the same value behind an Optional (the general path)",
        arguments: [URLEncoding.BoolEncoding.numeric, .literal])
    func sameAsGeneralPath(boolEncoding: URLEncoding.BoolEncoding) {
        let encoding = URLEncoding(boolEncoding: boolEncoding)
        for leaf in Self.leaves {
            let direct = encoding.query(["k": leaf, "list": [leaf, leaf], "nested": ["x": leaf]])
            let general = encoding.query([
                "k": Optional(leaf) as any Sendable, "list": [Optional(leaf), Optional(leaf)],
                "nested": ["x": Optional(leaf)],
            ])
            #expect(direct == general, "\(leaf)")
        }
    }

    @Test("the shortcut writes what Alamofire writes for the usual leaves")
    func usualLeaves() {
        #expect(URLEncoding.default.query(["s": "a b", "i": -8, "d": 2.5, "b": true]) == "b=1&d=2.5&i=-8&s=a%20b")
        #expect(URLEncoding(boolEncoding: .literal).query(["b": false, "w": 1.0]) == "b=false&w=1.0")
    }
}
