import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The paginator's bounds: a server that keeps sending the same page, or claims more pages than
/// a walk should ever fetch, ends the walk with a ``PaginationError`` instead of looping.
@Suite("Paginator bounds")
struct PaginatorBoundsTests {
    /// Counts the fetches of a page source.
    private final class Counter: Sendable {
        private let numbers = LockedState<[Int]>([])

        func note(_ number: Int) { numbers.withLock { $0.append(number) } }
        var fetched: [Int] { numbers.withLock { $0 } }
    }

    /// The page of a server that answers `current = 1, pages = 10^12` whatever it is asked.
    private static func stuckPage(_ number: Int) -> Page<Int> {
        Page(size: 1, current: 1, pages: 1_000_000_000_000, total: 1_000_000_000_000, records: [number])
    }

    /// The page of a server that counts pages faithfully in a list of 10^12 pages.
    private static func endlessPage(_ number: Int) -> Page<Int> {
        Page(size: 1, current: number, pages: 1_000_000_000_000, total: 1_000_000_000_000, records: [number])
    }

    /// The `PaginationError` inside `error`, when it is the paginator's.
    private func paginationError(_ error: CourierError?) -> PaginationError? {
        guard case .underlying(let underlying, nil)? = error else { return nil }
        return underlying as? PaginationError
    }

    @Test("a server that sends page 1 again ends the walk with pageDidNotAdvance, before the repeat is yielded")
    func samePageAgain() async throws {
        let counter = Counter()
        let paginator = Paginator<Page<Int>> { number in
            counter.note(number)
            return Self.stuckPage(number)
        }
        var seen: [Int] = []
        let error = await courierError {
            for try await page in paginator { seen.append(page.current) }
        }
        #expect(seen == [1])
        #expect(counter.fetched == [1, 2])
        #expect(paginationError(error) == .pageDidNotAdvance(requested: 2, marker: "1"))
        #expect(error?.errorDescription?.contains("page 2") == true)
    }

    /// A cursor-paged feed: the cursor of the next page, which a stuck server repeats.
    private struct FeedPage: PagePayload {
        var records: [String]
        var next: String
        var hasNextPage: Bool { true }
        var pageMarker: String? { next }
    }

    @Test("a cursor that repeats ends the walk the same way")
    func cursorRepeats() async throws {
        let paginator = Paginator<FeedPage> { number in
            FeedPage(records: ["item \(number)"], next: number < 3 ? "c\(number)" : "c2")
        }
        var seen: [String] = []
        let error = await courierError {
            for try await page in paginator.records { seen.append(page) }
        }
        #expect(seen == ["item 1", "item 2"])
        #expect(paginationError(error) == .pageDidNotAdvance(requested: 3, marker: "c2"))
    }

    @Test("a walk stops with tooManyPages after maximumPages pages when more are claimed")
    func maximumPages() async throws {
        let counter = Counter()
        let paginator = Paginator<Page<Int>>(maximumPages: 5) { number in
            counter.note(number)
            return Self.endlessPage(number)
        }
        var seen: [Int] = []
        let error = await courierError {
            for try await page in paginator { seen.append(page.current) }
        }
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(counter.fetched == [1, 2, 3, 4, 5])
        #expect(paginationError(error) == .tooManyPages(maximum: 5))
        #expect(paginator.maximumPages == 5)
    }

    @Test("by default a walk fetches at most 1,000 pages")
    func defaultMaximum() async throws {
        let counter = Counter()
        let paginator = Paginator<Page<Int>> { number in
            counter.note(number)
            return Self.endlessPage(number)
        }
        #expect(paginator.maximumPages == 1_000)
        #expect(Paginator<Page<Int>>.defaultMaximumPages == 1_000)
        let error = await courierError { try await paginator.reduce(0) { count, _ in count + 1 } }
        #expect(paginationError(error) == .tooManyPages(maximum: 1_000))
        #expect(counter.fetched.count == 1_000)
    }

    @Test("a list of exactly maximumPages pages ends normally")
    func exactlyTheMaximum() async throws {
        let paginator = Paginator<Page<Int>>(maximumPages: 3) { number in
            Page(size: 1, current: number, pages: 3, total: 3, records: [number])
        }
        let records = try await paginator.records.reduce(into: [Int]()) { $0.append($1) }
        #expect(records == [1, 2, 3])
    }

    @Test("a payload without a marker is bounded by the maximum alone")
    func noMarker() async throws {
        struct Endless: PagePayload {
            var records: [Int]
            var hasNextPage: Bool { true }
        }
        let paginator = Paginator<Endless>(maximumPages: 4) { _ in Endless(records: [0]) }
        let error = await courierError { try await paginator.reduce(0) { count, _ in count + 1 } }
        #expect(paginationError(error) == .tooManyPages(maximum: 4))
    }

    @Test("provider.pages passes maximumPages on, and the error keeps its code and message")
    func throughProvider() async throws {
        let body =
            #"{"succeed":true,"code":0,"msg":"ok","data":{"size":1,"current":1,"pages":1000000000000,"#
            + #""total":1000000000000,"records":[1]}}"#
        let provider = Provider<MallAPI>.answering(body, envelope: Dialects.shop)
        let pages = provider.pages(of: Page<Int>.self, maximumPages: 10) { .goods(page: $0, categoryId: 1) }
        #expect(pages.maximumPages == 10)
        let error = await courierError { try await pages.reduce(0) { count, _ in count + 1 } }
        #expect(paginationError(error) == .pageDidNotAdvance(requested: 2, marker: "1"))
        #expect(error?.code == 4004)
        #expect(error?.userMessage == "The list could not be loaded in full.")
    }
}
