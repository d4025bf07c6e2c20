import Foundation

extension TransportResponse {
    /// The fields that describe a body as it was encoded, dropped once the chain decoded it.
    static let encodingFields = ["Content-Encoding", "Content-Length"]

    /// This answer with `data` (or `file`) as its body, decoded: its head no longer names the
    /// content coding nor the encoded length.
    package func decoded(data: Data, file: URL?) -> TransportResponse {
        var decoded = self
        decoded.head = head.removingFields(named: Self.encodingFields)
        decoded.data = data
        decoded.downloadedFileURL = file
        return decoded
    }
}
