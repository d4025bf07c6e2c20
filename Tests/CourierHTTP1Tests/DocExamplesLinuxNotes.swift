import Courier
import CourierHTTP1
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The native transport's examples in Courier.docc's "Linux notes" (Articles/LinuxNotes.md) and
// the README, as written there.

enum LinuxNotesDoc {
    /// The article names an inventory service's API; any target does.
    enum InventoryAPI: TargetType {
        case stock(sku: String)

        var baseURL: URL { URL(string: "http://inventory.internal:8080")! }
        var path: String { "/stock" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .stock(let sku): .requestParameters(parameters: ["sku": sku], encoding: URLEncoding.queryString)
            }
        }
    }

    static func nativeTransport() -> [any Sendable] {
        let inventory = Provider<InventoryAPI>(transport: RoutingTransport())
        return [inventory]
    }
}

@Suite("Docs: the native transport's examples")
struct LinuxNotesDocTests {
    @Test("the examples build their providers")
    func examplesBuild() {
        #expect(LinuxNotesDoc.nativeTransport().count == 1)
    }
}
