import CourierMoyaCompat
import Foundation
import Testing

/// Every public type name Moya 15 exports resolves as a member of `Moya`, to Courier's type;
/// and the names of Moya 11 to 13 resolve at top level.
@Suite struct MoyaNamesTests {
    private func same(_ moya: Any.Type, _ courier: Any.Type) -> Bool {
        ObjectIdentifier(moya) == ObjectIdentifier(courier)
    }

    @Test func moya15sTypesAreCouriers() {
        #expect(same(Moya.Method.self, HTTPMethod.self))
        #expect(same(Moya.Task.self, RequestTask.self))
        #expect(same(Moya.Response.self, Response.self))
        #expect(same(Moya.MoyaError.self, CourierError.self))
        #expect(same(Moya.Endpoint.self, Endpoint.self))
        #expect(same(Moya.EndpointSampleResponse.self, EndpointSampleResponse.self))
        #expect(same(Moya.MultiTarget.self, MultiTarget.self))
        #expect(same(Moya.URLEncoding.self, URLEncoding.self))
        #expect(same(Moya.JSONEncoding.self, JSONEncoding.self))
        #expect(same(Moya.ValidationType.self, ValidationType.self))
        #expect(same(Moya.StubBehavior.self, StubBehavior.self))
        #expect(same(Moya.ProgressResponse.self, ProgressResponse.self))
        #expect(same(Moya.ProgressBlock.self, ProgressBlock.self))
        #expect(same(Moya.Completion.self, Completion.self))
        #expect(same(Moya.RequestType.self, URLRequest.self))
        #expect(same(Moya.MoyaProvider<MultiTarget>.self, MoyaProvider<MultiTarget>.self))
        #expect(same(Moya.Session.self, URLSessionTransport.self))
        #expect(same(Moya.MultipartFormData.self, MultipartFormBodyPart.self))
        #expect(same(Moya.DownloadDestination.self, DownloadRequest.Destination.self))
        #expect(same(Moya.AuthorizationType.self, AuthorizationType.self))
        #expect(same(Moya.AccessTokenPlugin.self, AccessTokenPlugin.self))
        #expect(same(Moya.NetworkActivityPlugin.self, NetworkActivityPlugin.self))
        #expect(same(Moya.NetworkActivityChangeType.self, NetworkActivityChangeType.self))
        #expect(same(Moya.NetworkLoggerPlugin.self, NetworkLoggerPlugin.self))
    }

    @Test func moya15sProtocolsAreCouriers() {
        #expect(same((any Moya.TargetType).self, (any TargetType).self))
        #expect(same((any Moya.ParameterEncoding).self, (any ParameterEncoding).self))
        #expect(same((any Moya.Cancellable).self, (any Cancellable).self))
        #expect(same(Moya.CancellableToken.self, (any Cancellable).self))
        #expect(same((any Moya.PluginType).self, (any PluginType).self))
        #expect(same((any Moya.AccessTokenAuthorizable).self, (any AccessTokenAuthorizable).self))
    }

    @Test func aTargetEnumUsingMoyasNamesPorts() throws {
        let encoding: Moya.ParameterEncoding = ShopAPI.products(category: "tea", page: 1).parameterEncoding
        #expect(encoding is URLEncoding)
        let behaviour: Moya.StubBehavior = shopStubBehavior(.checkout(cartID: 1))
        guard case .never = behaviour else { throw CompatTestFailure(description: "\(behaviour)") }
    }

    @Test func moya11sNamesResolve() {
        #expect(same(Manager.self, URLSessionTransport.self))
        #expect(same(RequestType.self, URLRequest.self))
        let manager: Manager = MoyaProvider<ShopAPI>.defaultAlamofireManager()
        #expect(MoyaProvider<ShopAPI>(manager: manager).provider.transport is URLSessionTransport)
    }
}
