import Foundation

/// The contents of a fixture file: sample data kept outside the target enum, usually JSON in
/// a folder of the test target.
///
/// Put the files in a folder of the test target and declare it as a resource:
///
/// ```swift
/// // Package.swift
/// .testTarget(name: "ShopTests", dependencies: ["Shop", "CourierTesting"],
///             resources: [.copy("Fixtures")])
/// ```
///
/// then load them by name — the extension `.json` is added when the name has none:
///
/// ```swift
/// let page = try Fixture.named("goods_page1", in: .module)          // Fixtures/goods_page1.json
/// stubs.when(MallAPI.goods(firstPage)).respond(.fixture(page))
/// let expected = try page.decode(Envelope<GoodsPage>.self)           // the same file as a value
/// ```
///
/// A missing or unreadable file is a ``FixtureError`` that names the full path of each place
/// looked at.
public struct Fixture: Sendable, Equatable {
    /// Where the file is.
    public let url: URL
    /// The file's bytes.
    public let data: Data

    /// Reads the file at `url`.
    ///
    /// - Throws: ``FixtureError/notFound(name:searched:)`` when there is no file there,
    ///   ``FixtureError/unreadable(path:reason:)`` when it cannot be read.
    public init(contentsOf url: URL) throws(FixtureError) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .notFound(name: url.lastPathComponent, searched: [url.path])
        }
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        self.url = url
    }

    /// The fixture `name` in `bundle`'s resources, usually `Bundle.module` of a test target.
    ///
    /// It looks in `subdirectory` when one is given, and otherwise at the top of the bundle's
    /// resources, then in a `Fixtures` folder (where `.copy("Fixtures")` puts the files).
    ///
    /// - Parameters:
    ///   - name: the file name; `.json` is added when it has no extension.
    ///   - bundle: the bundle that holds the files, such as `.module`.
    ///   - subdirectory: the folder inside the bundle's resources; `nil` by default.
    /// - Throws: ``FixtureError/notFound(name:searched:)`` naming every path looked at.
    public static func named(_ name: String, in bundle: Bundle, subdirectory: String? = nil) throws(FixtureError)
        -> Fixture
    {
        let root = bundle.resourceURL ?? bundle.bundleURL
        let folders =
            subdirectory.map { [root.appendingPathComponent($0)] }
            ?? [root, root.appendingPathComponent("Fixtures")]
        return try first(named: name, in: folders)
    }

    /// The fixture `name` in `directory`.
    ///
    /// ```swift
    /// let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// let page = try Fixture.named("goods_page1", inDirectory: fixtures)
    /// ```
    ///
    /// - Parameters:
    ///   - name: the file name; `.json` is added when it has no extension.
    ///   - directory: the folder that holds the file.
    /// - Throws: ``FixtureError/notFound(name:searched:)`` naming the path looked at.
    public static func named(_ name: String, inDirectory directory: URL) throws(FixtureError) -> Fixture {
        try first(named: name, in: [directory])
    }

    /// The file as UTF-8 text, or `nil` when it is not UTF-8.
    public var string: String? {
        String(data: data, encoding: .utf8)
    }

    /// The file decoded from JSON as `type`, for the value a test expects to see.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - decoder: a plain `JSONDecoder` by default.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: data)
    }

    /// The `Content-Type` the file's extension suggests: `application/json` for `.json`.
    public var contentType: String {
        HTTPResponses.contentType(forExtension: url.pathExtension)
    }

    private static func first(named name: String, in folders: [URL]) throws(FixtureError) -> Fixture {
        let fileName = (name as NSString).pathExtension.isEmpty ? name + ".json" : name
        let candidates = folders.map { $0.appendingPathComponent(fileName) }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw .notFound(name: fileName, searched: candidates.map(\.path))
        }
        return try Fixture(contentsOf: found)
    }
}
