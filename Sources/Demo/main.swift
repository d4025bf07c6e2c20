import Foundation

let options: DemoOptions
do {
    options = try DemoOptions.parse(CommandLine.arguments)
} catch let error as DemoUsageError {
    if let message = error.message { print("courier-demo: \(message)\n") }
    print(DemoOptions.usage)
    exit(error.message == nil ? 0 : 2)
}

let failures = await Demo(options: options).run()
exit(failures == 0 ? 0 : 1)
