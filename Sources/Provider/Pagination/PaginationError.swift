import Foundation

/// Why a ``Paginator`` ended its walk before the list did: the server's paging is broken, and
/// following it would send requests without end.
///
/// It reaches the loop as `CourierError.underlying(PaginationError, nil)`, whose
/// ``CourierError/code`` is `4004`, after the pages that were fine:
///
/// ```swift
/// do {
///     for try await page in goods { show(page.records) }
/// } catch CourierError.underlying(let error as PaginationError, _) {
///     log("paging stopped: \(error)")   // the pages shown so far are all there is
/// }
/// ```
public enum PaginationError: Error, Sendable, Equatable {
    /// Page `requested` came back with the same ``PagePayload/pageMarker`` (page number or
    /// cursor) as the page before it: the server ignores the page asked for, and the walk
    /// would repeat the same page forever. The repeated page is not yielded.
    case pageDidNotAdvance(requested: Int, marker: String)
    /// The walk fetched `maximum` pages (``Paginator/maximumPages``) and the last one says
    /// more follow.
    case tooManyPages(maximum: Int)
}

extension PaginationError: LocalizedError, CustomStringConvertible {
    /// What went wrong, in a sentence fit for a log.
    public var errorDescription: String? { description }

    /// The same text as ``errorDescription``.
    public var description: String {
        switch self {
        case .pageDidNotAdvance(let requested, let marker):
            "The server answered page \(requested) with the same page as before (\(marker)): the list does not advance."
        case .tooManyPages(let maximum):
            "The list has more than \(maximum) pages, the paginator's maximumPages: the walk stopped there."
        }
    }
}
