import Foundation

/// A folder of the test's own, with a `tmp` folder inside for a transport's downloads in flight.
struct TransferScratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
    }

    var temporaryDirectory: URL { url.appendingPathComponent("tmp") }

    func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// A file of `megabytes` MiB, written 1 MiB at a time.
    func largeFile(_ name: String, megabytes: Int) throws -> URL {
        let file = url.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = Self.pattern(count: 1024 * 1024)
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        return file
    }

    /// What is left in the transport's temporary folder.
    func temporaryContents() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)) ?? []
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Byte i is i % 251, as the scenario server's `/download/file`.
    static func pattern(count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count)
        while data.count < count { data.append(cycle.prefix(count - data.count)) }
        return data
    }
}
