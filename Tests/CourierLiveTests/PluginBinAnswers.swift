import Foundation

struct HeadersEcho: Decodable {
    let headers: [String: String]
}

struct BearerAnswer: Decodable, Equatable {
    let authenticated: Bool
    let token: String
}

struct PostEcho: Decodable {
    let data: String
    let headers: [String: String]
}
