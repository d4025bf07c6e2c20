/// Names, one a line, sorted by their bytes, found by binary search in the text itself: the only
/// thing built is where each line begins (4 bytes a name), and a lookup allocates nothing.
struct SortedNameList: Sendable {
    /// The names, separated by line breaks, in byte order.
    private let text: String
    /// Where each name begins in `text`'s bytes, and one past its end (as if it ended with a line
    /// break), so that name `i` is `starts[i] ..< starts[i + 1] - 1`.
    private let starts: [Int32]

    /// The list of `sortedLines`, already in byte order (as `scripts/update-public-suffix-list`
    /// writes it).
    init(sortedLines: String) {
        text = sortedLines.hasSuffix("\n") ? String(sortedLines.dropLast()) : sortedLines
        var starts: [Int32] = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(Int32(offset + 1))
        }
        starts.append(Int32(text.utf8.count + 1))
        self.starts = text.isEmpty ? [] : starts
    }

    /// The list of `names`, in any order.
    init(names: some Sequence<Substring>) {
        self.init(
            sortedLines: names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n"))
    }

    /// Whether `name` is one of the names.
    func contains(_ name: Substring) -> Bool {
        if let found = name.utf8.withContiguousStorageIfAvailable({ contains(bytes: $0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { contains(bytes: $0) }
    }

    private func contains(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard starts.count > 1 else { return false }
        var text = text
        return text.withUTF8 { bytes in
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high) / 2
                let line = UnsafeBufferPointer(
                    rebasing: bytes[Int(starts[middle])..<Int(starts[middle + 1]) - 1])
                if line.elementsEqual(name) { return true }
                if line.lexicographicallyPrecedes(name) { low = middle + 1 } else { high = middle }
            }
            return false
        }
    }
}
