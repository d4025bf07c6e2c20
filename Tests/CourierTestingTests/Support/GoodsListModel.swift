import CourierTesting
import Foundation

/// A view model as an app writes it: it knows its provider, not the network.
@MainActor
final class GoodsListModel {
    private(set) var titles: [String] = []
    private(set) var errorMessage: String?
    private(set) var isLastPage = false
    private var loadedPages = 0
    private let provider: Provider<ShopAPI>
    private let categoryId: Int

    init(provider: Provider<ShopAPI>, categoryId: Int = 1) {
        self.provider = provider
        self.categoryId = categoryId
    }

    /// Loads the next page and appends its titles; a failure sets `errorMessage`.
    func loadNextPage() async {
        guard !isLastPage else { return }
        do {
            let page = try await provider.request(
                .goods(page: loadedPages + 1, categoryId: categoryId), as: GoodsPage.self)
            titles += page.records.map(\.productName)
            loadedPages = page.current
            isLastPage = page.current >= page.pages
            errorMessage = nil
        } catch let error as CourierError {
            errorMessage = error.localizedDescription
        } catch {
            errorMessage = "\(error)"
        }
    }
}
