// swift-tools-version:6.2
import PackageDescription

// Swift 6.2 or later (Xcode 26), tested with Swift 6.3.1 on Linux: `Deadline.swift` calls
// `Task.immediate`, which only a 6.2 compiler knows. No `#if compiler(>=6.2)` fallback for 6.0 and
// 6.1: no machine here has those compilers to build it, and App Store uploads need Xcode 26 since
// April 28, 2026.
let package = Package(
    name: "Courier",
    // The Apple floor is macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2 (the 2024 releases), set
    // on every platform by what the library modules use that first shipped there:
    //   - `Atomic` (the Synchronization module): call ids, attempt counters, the native
    //     transport's count of exchanges in flight (locks are `LockedState`, a pthread mutex);
    //   - task executors (`withTaskExecutorPreference`, `TaskExecutor`,
    //     `UnownedJob.runSynchronously(on:)`): a completion handler run on its callback queue;
    //   - `String(validating:as:)`: the logger's text bodies;
    //   - `AsyncSequence`'s `Failure` associated type (the paginator's sequences) and function
    //     types with a typed `throws(Failure)` (`LockedState.withLock`), which need the Swift 6
    //     runtime.
    // Above the floor, behind `if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)`:
    // `Task.immediate`, where a call's work starts on the caller's thread (a plain `Task` below).
    // scripts/check-apple-availability (part of scripts/test) fails on any use of an API above this
    // floor outside a guard, reading the floor here; the code only Apple platforms compile is listed
    // in docs/PLATFORMS.md, which says why the floor is not lower.
    // Linux has no floor: the native transport's shell (epoll, sockets, OpenSSL) and
    // FoundationNetworking are behind `#if os(Linux)` and `#if canImport(FoundationNetworking)`.
    // The native transport's core (parser, serializer, state machines) and the content decoder build on
    // every platform (scripts/check-portable-core).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Courier", targets: ["Courier", "CourierTargets", "CourierTransport"]),
        .library(name: "CourierPlugins", targets: ["CourierPlugins"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierHTTP1", targets: ["CourierHTTP1"]),
        // Optional, for a port from Moya: Moya's names over Courier's types (see "Migrating from Moya").
        .library(name: "CourierMoyaCompat", targets: ["CourierMoyaCompat"]),
        .executable(name: "courier-demo", targets: ["courier-demo"]),
        .executable(name: "courier-bench", targets: ["courier-bench"]),
    ],
    targets: [
        .target(name: "CourierTargets", path: "Sources/Targets"),
        // The transport contract (one hop: a request in, a head and a body out) and the types every
        // transport shares; below both the provider and the native transport, so that on Linux the
        // provider can send through the native transport by default.
        .target(
            name: "CourierTransport", dependencies: ["CourierTargets", "CCourierSystem"], path: "Sources/Transport"),
        // The privacy manifest App Store review asks of an SDK (no tracking, no collected data, no
        // required-reason API); every product depends on this target, so its bundle ships with all.
        .target(
            name: "Courier",
            dependencies: [
                "CourierTargets", "CourierTransport",
                // Linux's default transport: FoundationNetworking aborts the process on some answers
                // (a chunked trailer), so http:// and https:// go native there (RoutingTransport).
                .target(name: "CourierHTTP1", condition: .when(platforms: [.linux])),
            ],
            path: "Sources/Provider",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // epoll and eventfd for the native transport on Linux (Swift's Glibc module lacks them), and
        // the declarations of zlib (the chain's content decoder, in CourierTransport) and OpenSSL,
        // loaded at run time; header-only, empty of system headers off Linux, so the portable core
        // and the decoder build with it on Apple platforms.
        .target(name: "CCourierSystem", path: "Sources/HTTP1CSystem"),
        .target(
            name: "CourierHTTP1", dependencies: ["CourierTargets", "CourierTransport", "CCourierSystem"],
            path: "Sources/HTTP1"),
        .target(name: "CourierPlugins", dependencies: ["Courier"], path: "Sources/Plugins"),
        .target(name: "CourierTesting", dependencies: ["Courier"], path: "Sources/Testing"),
        .target(name: "CourierMoyaCompat", dependencies: ["Courier", "CourierPlugins"], path: "Sources/MoyaCompat"),
        .executableTarget(
            name: "courier-demo", dependencies: ["Courier", "CourierPlugins", "CourierTesting"],
            path: "Sources/Demo"),
        .executableTarget(
            name: "courier-bench", dependencies: ["Courier", "CourierHTTP1", "CourierPlugins"], path: "Sources/Bench"),
        // One call to a hostile server in a process of its own, for the live hardening tests.
        .executableTarget(name: "courier-probe", dependencies: ["Courier", "CourierHTTP1"], path: "Sources/Probe"),
        .testTarget(name: "CourierTargetsTests", dependencies: ["CourierTargets"]),
        // CourierTesting for its test clock and network switch, which the offline layer's tests share.
        .testTarget(name: "CourierTests", dependencies: ["Courier", "CourierTransport", "CourierTesting"]),
        .testTarget(name: "CourierHTTP1Tests", dependencies: ["CourierHTTP1", "Courier"]),
        .testTarget(name: "CourierPluginsTests", dependencies: ["CourierPlugins"]),
        // Fixtures/ holds Moya code as written for Moya, compared with its ports, never compiled.
        .testTarget(name: "CourierMoyaCompatTests", dependencies: ["CourierMoyaCompat"], exclude: ["Fixtures"]),
        .testTarget(
            name: "CourierTestingTests", dependencies: ["CourierTesting"],
            resources: [.copy("Fixtures"), .copy("Recordings")]),
        .testTarget(
            name: "CourierLiveTests", dependencies: ["Courier", "CourierHTTP1", "CourierPlugins", "CourierTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
