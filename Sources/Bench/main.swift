import Foundation

let arguments = BenchArguments.parse(CommandLine.arguments)
if let count = arguments.stubOnly {
    await StubPipelineBench.runOnly(count: count)
    exit(0)
}
let report = await BenchRunner(arguments: arguments).run()
print(report.table)
if let path = arguments.jsonPath {
    do {
        try report.json.write(to: URL(fileURLWithPath: path))
        print("figures written to \(path)")
    } catch {
        print("courier-bench: cannot write \(path): \(error)")
        exit(1)
    }
}
