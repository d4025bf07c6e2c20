import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Swift examples of Courier.docc's "Coming from signal-based wrappers"
// (Articles/ComingFromSignalBasedWrappers.md), as written there. (The Objective-C call is shown
// for comparison only.) `AuthState`, `HUD`, `Router` and `StatusBar` stand for the app's own.

/// Uses values that an example only shows, so that they are not reported as unused.
private func keep(_ values: Any...) {}

enum SignalWrappersDoc {
    // MARK: The app's own, which the article only names

    final class AuthState: Sendable {
        static let shared = AuthState()
        private let current = LockedState("")
        var token: String { current.withLock { $0 } }
    }

    enum HUD {
        static func show() {}
        static func hide() {}
        static func showError(_ text: String) {}
    }

    enum Router {
        static func showLogin() {}
    }

    enum StatusBar {
        static func notify(_ text: String) {}
    }

    // MARK: "The shop backend"

    struct Goods: Decodable, Sendable {
        let id: Int
        let categoryId: Int
        let productName: String
        let introduction: String
        let imgId: String
        let price: Double
        let priceUnit: String
    }

    enum ShopAPI: TargetType, AccessTokenAuthorizable {
        case goods(page: Int, categoryId: Int)
        case product(id: Int)
        case login(user: String, password: String)
        case deleteAddress(id: Int)

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String {
            switch self {
            case .goods: "/mallProductsInfo/getProductList"
            case .product: "/mallProductsInfo/getProduct"
            case .login: "/user/login"
            case .deleteAddress: "/address/delete"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 10, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            case .product(let id), .deleteAddress(let id):
                .requestParameters(parameters: ["id": id], encoding: URLEncoding.httpBody)
            case .login(let user, let password):
                .requestParameters(parameters: ["user": user, "password": password], encoding: URLEncoding.httpBody)
            }
        }
        /// The token goes with every call but the login.
        var authorizationType: AuthorizationType? {
            switch self {
            case .login: nil
            default: .bearer
            }
        }
    }

    static func callSites() async throws {
        let page = try await shop.request(.goods(page: 1, categoryId: 3), as: Page<Goods>.self)
        let token = try await shop.request(.login(user: "ann", password: "secret"), as: String.self)
        try await shop.requestStatus(.deleteAddress(id: 3))  // what dictionaryFromUrl was for
        keep(page, token)
    }

    // MARK: "The error filter becomes the envelope"

    struct ShopEnvelope: ResponseEnvelope {
        private let json = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
        private static let loginPrompts: Set<String> = [
            "please to login", "Request failed: unauthorized (401)", "This request token is expired",
        ]

        func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
            // A bare string instead of JSON: a login prompt means the session is gone.
            if response.data.count < 64, let text = String(data: response.data, encoding: .utf8),
                Self.loginPrompts.contains(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                throw CourierError.sessionExpired(response)
            }
            do {
                return try json.decode(T.self, from: response, using: decoder)
            } catch CourierError.business(code: "404", _, _) {
                // An HTTP 404 reported inside the JSON: fail as that HTTP status would.
                let notFound = Response(statusCode: 404, data: response.data, request: response.request)
                throw CourierError.statusCode(notFound)
            }
        }
    }

    // MARK: "Token, HUD, messages and the login screen become plugins"

    /// The login screen, once when the session ends (915, 916, a bare "please to login"), however
    /// many calls find it gone at once; `session.sessionDidStart()` after the next login re-arms it.
    static let session = SessionExpiryPlugin { DispatchQueue.main.async { Router.showLogin() } }

    static let spinner = ActivityIndicator(gracePeriod: 0.3) { state in
        DispatchQueue.main.async {
            if state == .busy { HUD.show() } else { HUD.hide() }
        }
    }

    static var messages: StatusMessages {
        var messages = StatusMessages.simplifiedChinese
        messages.sessionExpired = nil  // the login screen says it better
        return messages
    }

    static let shop = Provider<ShopAPI>(
        plugins: [
            AccessTokenPlugin { _ in AuthState.shared.token },  // read on every call
            NetworkActivityPlugin(indicator: spinner),  // the HUD while calls run
            session,  // "go to login", once
            StatusMessagePlugin(messages: messages) { message, _ in  // once per call, after retries
                DispatchQueue.main.async { HUD.showError(message.text) }
            },
        ],
        envelope: ShopEnvelope())

    static func afterLogin() {
        session.sessionDidStart()  // calls are sent again; the next expiry shows the login screen again
    }

    static func callSite() async {
        do {
            let product = try await shop.request(.product(id: 7), as: Goods.self)
            print(product.productName)
        } catch {
            // already shown by StatusMessagePlugin, or routed to the login screen
        }
    }

    // MARK: "Paged lists"

    static func pagedList() async throws {
        let catalog = shop.pages(of: Page<Goods>.self) { page in .goods(page: page, categoryId: 3) }
        for try await goods in catalog.records {
            print(goods.productName, goods.price, goods.priceUnit)
        }
    }

    // MARK: "The live-room wrapper: a request value and a response value"

    struct LiveRequest: TargetType {
        var method: HTTPMethod = .post
        var path: String
        var parameters: [String: any Sendable] = [:]

        var baseURL: URL { URL(string: "https://live.example.com")! }
        var task: RequestTask { .requestParameters(parameters: parameters, encoding: URLEncoding.default) }
    }

    struct LiveRoom: Decodable, Sendable {
        let roomId: Int
        let title: String
        let online: Int
    }

    static let live = Provider<LiveRequest>(envelope: JSONEnvelope(expiredCodes: ["-1"]))

    static func hotRooms() async throws {
        let rooms = try await live.request(
            LiveRequest(path: "Room/GetHotLive_v2", parameters: ["page": 1]), as: [LiveRoom].self)
        keep(rooms)
    }

    static let notices = StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in
        switch message.kind {
        case .offline, .cannotConnect, .timeout: StatusBar.notify(message.text)
        default: HUD.showError(message.text)
        }
    }

    /// The old wrapper's response value, for call sites that still read one.
    struct LiveResponse<Result: Sendable>: Sendable {
        let success: Bool
        let result: Result?
        let code: String
        let message: String?
    }

    struct LiveUpload: TargetType {
        var path: String
        var parameters: [String: String] = [:]
        var files: [Data]
        var name: String
        var mimeType: String

        var baseURL: URL { URL(string: "https://img.example.com")! }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            let fields = parameters.map { MultipartFormBodyPart(provider: .data(Data($0.value.utf8)), name: $0.key) }
            let parts = files.enumerated().map { index, data in
                MultipartFormBodyPart(
                    provider: .data(data), name: name, fileName: "file\(index).jpg", mimeType: mimeType)
            }
            return .uploadMultipart(fields + parts)
        }
    }

    static func sharedRequest() async throws {
        let hotRooms = Task {
            try await live.request(LiveRequest(path: "Room/GetHotLive_v2"), as: [LiveRoom].self)
        }
        let forList = try await hotRooms.value  // the request runs once…
        let forBanner = try await hotRooms.value  // …and every reader gets its result
        hotRooms.cancel()  // what disposing did: stops the request if it still runs
        keep(forList, forBanner)
    }
}

extension Provider where Target == SignalWrappersDoc.LiveRequest {
    func response<Result: Decodable & Sendable>(to request: SignalWrappersDoc.LiveRequest, as type: Result.Type) async
        -> SignalWrappersDoc.LiveResponse<Result>
    {
        do {
            let value = try await self.request(request, as: Result.self)
            return SignalWrappersDoc.LiveResponse(success: true, result: value, code: "0", message: nil)
        } catch CourierError.business(let code, let message, _) {
            return SignalWrappersDoc.LiveResponse(success: false, result: nil, code: code, message: message)
        } catch let error as CourierError {
            return SignalWrappersDoc.LiveResponse(
                success: false, result: nil, code: String(error.code), message: error.userMessage)
        } catch {
            return SignalWrappersDoc.LiveResponse(
                success: false, result: nil, code: "2001", message: error.localizedDescription)
        }
    }
}
