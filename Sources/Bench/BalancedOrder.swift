/// Orders in which to run several clients in successive rounds so that each runs first equally
/// often and right after each other client equally often (a Williams design): whatever one
/// client leaves behind for the next, and the drift of a shared machine's load, fall on all alike.
/// A plain rotation (A B C D, B C D A, …) keeps the cyclic order: A always runs right after D.
enum BalancedOrder {
    /// `items.count` orders for an even count, twice as many for an odd one.
    static func rounds<Item>(of items: [Item]) -> [[Item]] {
        let count = items.count
        guard count > 1 else { return [items] }
        // 0, 1, n-1, 2, n-2, …: every difference between neighbours occurs once.
        var first = [0]
        var (low, high) = (1, count - 1)
        while first.count < count {
            first.append(low)
            low += 1
            if first.count < count {
                first.append(high)
                high -= 1
            }
        }
        let orders = (0..<count).map { shift in first.map { items[($0 + shift) % count] } }
        return count % 2 == 0 ? orders : orders + orders.map { $0.reversed() }
    }
}
