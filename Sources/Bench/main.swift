import Courier
import Foundation

/// Runs `body` on the cooperative pool and blocks the main thread until it ends.
///
/// The main thread waits on a semaphore instead of parking in `dispatchMain()` (what an async
/// top level does): valgrind 3.19 dies on the signal wait `dispatchMain()` parks in, and the
/// counting modes exist to run under valgrind.
func runBlocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await body()
        done.signal()
    }
    done.wait()
}

let arguments = BenchArguments.parse(CommandLine.arguments)
if let count = arguments.stubOnly {
    let logger: StubPipelineBench.LoggerOutput = arguments.eagerLogger ? .eager : .lazy
    let without = arguments.without
    runBlocking { await StubPipelineBench.runOnly(count: count, logger: logger, without: without) }
    exit(0)
}
if let count = arguments.plainCalls {
    let (url, throughURLSession) = (arguments.liveURL, arguments.plainCallsThroughURLSession)
    let succeeded = LockedState(false)
    runBlocking {
        let ok = await PlainCalls.run(count: count, url: url, throughURLSession: throughURLSession)
        succeeded.withLock { $0 = ok }
    }
    exit(succeeded.withLock { $0 } ? 0 : 1)
}
if let count = arguments.aloneOnly {
    let envelope = arguments.envelope
    runBlocking { await StubAloneBench.runOnly(count: count, envelope: envelope) }
    exit(0)
}
if arguments.cacheOnly {
    let (url, quick) = (arguments.liveURL, arguments.quick)
    runBlocking { await CacheBench.run(url: url, quick: quick) }
    exit(0)
}
if arguments.offlineOnly {
    let quick = arguments.quick
    runBlocking { await OfflineBench.run(quick: quick) }
    exit(0)
}
if let count = arguments.bareOnly {
    StubPipelineBench.bareOnly(count: count)
    exit(0)
}
if let count = arguments.floorOnly {
    StubPipelineBench.floorOnly(count: count)
    exit(0)
}
if let url = arguments.streamURL {
    let (transport, events) = (arguments.streamTransport, arguments.streamEvents)
    runBlocking { await StreamBench.run(url: url, transport: transport, events: events) }
    exit(0)
}
#if os(Linux)
    if let seconds = arguments.nativeOnly, let url = arguments.liveURL {
        runBlocking {
            let perSecond = await NativeTransportBench(url: url, rounds: 1, secondsPerRound: seconds).runNativeOnly()
            print(String(format: "HTTP1Transport, sequential: %.0f requests/s", perSecond))
        }
        exit(0)
    }
#endif
runBlocking {
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
}
