import CourierTesting
import Foundation
import Testing

@Suite("Fixtures: sample bodies in files")
struct FixtureTests {
    /// `Tests/CourierTestingTests/Fixtures`, found from this file's path.
    static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func aFixtureInTheTestBundleAnswersAStub() async throws {
        let page = try Fixture.named("goods_page1", in: .module)
        let stubs = StubTransport()
        stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(.fixture(page))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let decoded = try await provider.request(.goods(page: 1, categoryId: 1), as: GoodsPage.self)
        let response = try await provider.request(.goods(page: 1, categoryId: 1))

        #expect(decoded.records.map(\.productName) == ["Rice cooker", "Kettle"])
        #expect(page.url.lastPathComponent == "goods_page1.json")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func aFixtureCanBeFoundByPathAndDecodedForTheExpectedValue() throws {
        let fixture = try Fixture.named("goods_page1.json", inDirectory: Self.sourceFixtures)

        struct Envelope: Decodable { var data: GoodsPage }
        #expect(try fixture.decode(Envelope.self).data.records.count == 2)
        #expect(fixture.data == (try Fixture.named("goods_page1", in: .module, subdirectory: "Fixtures")).data)
    }

    @Test func aTextFixtureIsServedAsText() throws {
        let notes = try Fixture.named("notes.txt", in: .module)

        #expect(notes.string == "plain text fixture\n")
        #expect(notes.contentType.hasPrefix("text/plain"))
    }

    @Test func aMissingFixtureNamesEveryPathLookedAt() throws {
        let error = try #require(throws: FixtureError.self) { try Fixture.named("goods_page9", in: .module) }

        guard case .notFound(let name, let searched) = error else {
            Issue.record("expected .notFound, got \(error)")
            return
        }
        let root = try #require(Bundle.module.resourceURL)
        #expect(name == "goods_page9.json")
        #expect(
            searched == [
                root.appendingPathComponent("goods_page9.json").path,
                root.appendingPathComponent("Fixtures/goods_page9.json").path,
            ])
        #expect(error.localizedDescription.contains(root.appendingPathComponent("Fixtures/goods_page9.json").path))
    }

    @Test func aMissingFixtureInADirectoryNamesItsPath() throws {
        let error = try #require(throws: FixtureError.self) {
            try Fixture.named("nothing_here", inDirectory: Self.sourceFixtures)
        }

        let expected = Self.sourceFixtures.appendingPathComponent("nothing_here.json").path
        #expect(error == .notFound(name: "nothing_here.json", searched: [expected]))
        #expect(error.errorDescription?.contains(expected) == true)
    }

    @Test func aFolderWhereAFixtureShouldBeIsUnreadable() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("odd.json"), withIntermediateDirectories: true)

        let error = try #require(throws: FixtureError.self) { try Fixture.named("odd", inDirectory: directory) }

        guard case .unreadable(let path, _) = error else {
            Issue.record("expected .unreadable, got \(error)")
            return
        }
        #expect(path == directory.appendingPathComponent("odd.json").path)
    }
}
