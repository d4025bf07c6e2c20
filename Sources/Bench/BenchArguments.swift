import Foundation

/// `courier-bench [--url URL] [--json PATH] [--quick] [--stub-only N]`
struct BenchArguments {
    /// A loopback URL serving a ~1 KB JSON file (scripts/bench starts nginx for it).
    var liveURL: URL?
    var jsonPath: String?
    /// Fewer iterations, for a smoke run.
    var quick = false
    /// Run N stubbed calls only (for callgrind) and exit.
    var stubOnly: Int?

    static func parse(_ argv: [String]) -> BenchArguments {
        var parsed = BenchArguments()
        var iterator = argv.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--url": parsed.liveURL = iterator.next().flatMap(URL.init(string:))
            case "--json": parsed.jsonPath = iterator.next()
            case "--quick": parsed.quick = true
            case "--stub-only": parsed.stubOnly = iterator.next().flatMap { Int($0) }
            default:
                print("courier-bench: unknown argument \(argument)")
                print("usage: courier-bench [--url URL] [--json PATH] [--quick] [--stub-only N]")
                exit(2)
            }
        }
        return parsed
    }
}
