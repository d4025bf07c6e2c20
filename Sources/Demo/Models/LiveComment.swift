import Foundation

/// A comment posted in a live room, one server-sent event each.
struct LiveComment: Codable, Sendable, Equatable {
    let user: String
    let text: String

    /// What `Room/Comments` streams in stub mode (and what the scenario server streams live).
    static let sampleStream = """
        : comments of room 1001
        id: 1
        data: {"user":"小明","text":"晚上好!"}

        id: 2
        data: {"user":"ann","text":"Love this song"}

        id: 3
        event: comment
        data: {"user":"吉他手","text":"下一首弹什么?"}


        """
}
