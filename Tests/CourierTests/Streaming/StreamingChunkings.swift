import Foundation

/// Every way of cutting a byte string into chunks a network could deliver, for parser tests that
/// must give one answer whatever the chunking.
enum Chunkings {
    /// All chunkings of `bytes` when it is short (2^(n-1) of them), otherwise every cut into two
    /// and three pieces, plus one byte at a time.
    static func all(_ bytes: [UInt8]) -> [[Data]] {
        let count = bytes.count
        guard count > 1 else { return [[Data(bytes)]] }
        if count <= 12 {
            return (0..<(1 << (count - 1))).map { mask in
                var chunks: [Data] = []
                var start = 0
                for cut in 1..<count where mask & (1 << (cut - 1)) != 0 {
                    chunks.append(Data(bytes[start..<cut]))
                    start = cut
                }
                chunks.append(Data(bytes[start...]))
                return chunks
            }
        }
        var result: [[Data]] = [bytes.map { Data([$0]) }]
        for first in 1..<count {
            result.append([Data(bytes[..<first]), Data(bytes[first...])])
            for second in (first + 1)..<count {
                result.append([Data(bytes[..<first]), Data(bytes[first..<second]), Data(bytes[second...])])
            }
        }
        return result
    }
}
