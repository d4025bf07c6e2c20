/// A min-heap: the smallest element is read in constant time and taken out in logarithmic time.
///
/// A value type with no I/O, so the event loop's timers (``TimerQueue``) rest on something tested
/// on its own. Equal elements come out in no particular order.
struct BinaryHeap<Element: Comparable>: Sendable where Element: Sendable {
    /// The elements in heap order: each is no greater than its children at `2i + 1` and `2i + 2`.
    private var storage: [Element] = []

    /// Creates an empty heap.
    init() {}

    /// The number of elements.
    var count: Int { storage.count }

    /// Whether the heap has no element.
    var isEmpty: Bool { storage.isEmpty }

    /// The smallest element, `nil` when the heap is empty.
    var min: Element? { storage.first }

    /// Adds `element`.
    mutating func insert(_ element: Element) {
        storage.append(element)
        siftUp(storage.count - 1)
    }

    /// Takes out and returns the smallest element, `nil` when the heap is empty.
    @discardableResult
    mutating func removeMin() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let smallest = storage.removeLast()
        if !storage.isEmpty { siftDown(0) }
        return smallest
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { return }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < storage.count, storage[left] < storage[smallest] { smallest = left }
            if right < storage.count, storage[right] < storage[smallest] { smallest = right }
            guard smallest != parent else { return }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
