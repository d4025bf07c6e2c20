import Courier
import Foundation

/// One row of the box-office ranking.
struct Film: Codable, Sendable, Equatable {
    let rid: String
    let name: String
    let wk: String
    let wboxoffice: String
    let tboxoffice: String
}
