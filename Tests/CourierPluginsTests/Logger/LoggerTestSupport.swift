import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `target` through a provider with `plugins` over `transport`.
@discardableResult
func send(
    _ target: PluginTarget = PluginTarget(), plugins: [any PluginType],
    transport: any Transport = ScriptedTransport(body: Data(#"{"ok":true}"#.utf8)),
    stub: StubBehavior = .never, options: ProviderOptions = ProviderOptions()
) async -> Result<Response, CourierError> {
    let provider = Provider<PluginTarget>(
        stubClosure: { _ in stub }, transport: transport, plugins: plugins, options: options)
    do {
        return .success(try await provider.request(target))
    } catch let error as CourierError {
        return .failure(error)
    } catch {
        return .failure(.underlying(error, nil))
    }
}

/// The milliseconds in a response line such as `Response: 200 GET https://… (12 ms)`.
func milliseconds(inResponseLine line: String) -> Double? {
    guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return nil }
    let parts = line[line.index(after: open)..<close].split(separator: " ")
    guard parts.count == 2, let value = Double(parts[0]) else { return nil }
    switch parts[1] {
    case "ms": return value
    case "s": return value * 1000
    default: return nil
    }
}

/// The words a POSIX shell makes of `command` (a `curl …` line), in order, without `curl`.
func shellWords(ofCurlCommand command: String) throws -> [String] {
    guard command.hasPrefix("curl ") else { throw MarkerError(name: "not a curl command: \(command)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"printf '%s\0' "# + command.dropFirst("curl ".count)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var words = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    if words.last == "" { words.removeLast() }
    return words
}
