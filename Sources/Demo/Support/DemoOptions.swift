import Foundation

/// The demo's command line.
struct DemoOptions {
    var baseURL: URL?
    var recordDirectory: URL?
    var replayDirectory: URL?
    var quiet = false

    var isLive: Bool { baseURL != nil }

    static func parse(_ arguments: [String]) throws -> DemoOptions {
        var options = DemoOptions()
        var iterator = arguments.dropFirst().makeIterator()
        func value(for flag: String) throws -> String {
            guard let value = iterator.next(), !value.hasPrefix("--") else {
                throw DemoUsageError("\(flag) needs a value")
            }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--base-url":
                guard let url = URL(string: try value(for: argument)), url.scheme != nil, url.host != nil else {
                    throw DemoUsageError("--base-url needs an absolute URL, such as http://127.0.0.1:8080")
                }
                options.baseURL = url
            case "--record":
                options.recordDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
            case "--replay":
                options.replayDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
            case "--quiet":
                options.quiet = true
            case "-h", "--help":
                throw DemoUsageError(nil)
            default:
                throw DemoUsageError("unknown argument \(argument)")
            }
        }
        if options.recordDirectory != nil && options.baseURL == nil {
            throw DemoUsageError("--record needs --base-url: it records a live session")
        }
        if options.recordDirectory != nil && options.replayDirectory != nil {
            throw DemoUsageError("--record and --replay exclude each other")
        }
        return options
    }

    static let usage = """
        usage: courier-demo [--base-url URL [--record DIR]] [--replay DIR] [--quiet]

          Runs the shop, box-office and live-room APIs through Courier: typed models through
          their envelopes, a business failure, an expired session, a bare-string login prompt,
          and every page of the goods list, with the logger, token and activity plugins at work.

          (no options)     every call is stubbed from the targets' sample data: no server needed
          --base-url URL   send the same calls to a live server: the scenario server answers them
                           (python3 scripts/scenario_server.py --port 8081, then
                           --base-url http://127.0.0.1:8081)
          --record DIR     with --base-url: also write every exchange to fixture files in DIR
          --replay DIR     answer every call from fixtures recorded in DIR: no server needed
          --quiet          results only, without the logger's lines
        """
}

struct DemoUsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}
