import Foundation

/// A hash that is the same in every process and on every platform (64-bit FNV-1a), for file
/// names that must not change between a recording session and a replay.
///
/// Swift's `Hasher` is seeded per process, so it cannot name files.
enum StableHash {
    /// The FNV-1a hash of `text`'s UTF-8 bytes as 8 lowercase hex digits (its low 32 bits).
    static func hex8(_ text: String) -> String {
        hex8(Data(text.utf8))
    }

    /// The FNV-1a hash of `data` as 8 lowercase hex digits (its low 32 bits).
    static func hex8(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let low = String(hash & 0xffff_ffff, radix: 16)
        return String(repeating: "0", count: 8 - low.count) + low
    }
}
