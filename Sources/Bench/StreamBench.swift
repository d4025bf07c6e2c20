import Courier
import CourierHTTP1
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streamed body read through `Provider.bytes` (or `events`) and one transport: bytes (or
/// events) per second, and the process's peak memory above what it held before the stream. One
/// transport per process, so that each peak is its own (`VmHWM` only grows).
///
/// `courier-bench --stream URL --transport urlsession|native [--events]`
enum StreamBench {
    struct Target: TargetType {
        let url: URL
        var baseURL: URL { url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    static func run(url: URL, transport name: String, events: Bool) async {
        let transport: any Transport
        #if os(Linux)
            transport = name == "native" ? RoutingTransport() : URLSessionTransport()
        #else
            transport = URLSessionTransport()
        #endif
        let provider = Provider<Target>(transport: transport, options: ProviderOptions(timeout: nil))
        let before = ProcessMemory.residentBytes ?? 0
        let start = ContinuousClock.now
        var bytes = 0
        var count = 0
        do {
            if events {
                for try await event in provider.events(Target(url: url)) {
                    count += 1
                    bytes += event.data.utf8.count
                }
            } else {
                for try await chunk in provider.bytes(Target(url: url)) {
                    count += 1
                    bytes += chunk.count
                }
            }
        } catch {
            print("stream failed after \(bytes) bytes: \(error)")
            return
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let peak = (ProcessMemory.peakBytes ?? 0) - before
        let rate = events ? "\(Int(Double(count) / seconds)) events/s" : "\(Int(Double(bytes) / seconds / 1e6)) MB/s"
        print(
            "\(name) \(events ? "events" : "bytes"): \(count) values, \(bytes) bytes in "
                + String(format: "%.2f s", seconds)
                + ": \(rate); peak memory +\(peak / 1024) KiB over \(before / 1024) KiB")
    }
}
