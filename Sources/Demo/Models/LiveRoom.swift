import Courier
import Foundation

/// A room of the live-room list.
struct LiveRoom: Codable, Sendable, Equatable {
    let roomId: Int
    let title: String
    let online: Int
}
