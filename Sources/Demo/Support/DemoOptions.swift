import Foundation

/// The demo's command line: `courier-demo [--base-url URL]`.
struct DemoOptions {
    var baseURL: URL?

    static func parse(_ arguments: [String]) throws -> DemoOptions {
        var options = DemoOptions()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--base-url":
                guard let value = iterator.next(), let url = URL(string: value), url.scheme != nil else {
                    throw DemoUsageError("--base-url needs an absolute URL, such as http://127.0.0.1:8080")
                }
                options.baseURL = url
            case "-h", "--help":
                throw DemoUsageError(nil)
            default:
                throw DemoUsageError("unknown argument \(argument)")
            }
        }
        return options
    }

    static let usage = """
        usage: courier-demo [--base-url URL]

          Runs the shop, box-office and live-room APIs through Courier.
          Without options every call is stubbed from the targets' sample data: no server needed.
          --base-url URL   send the same calls to a live server instead (for example the
                           scenario server that scripts/test starts)
        """
}

struct DemoUsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}
