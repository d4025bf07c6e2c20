// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Courier", targets: ["Courier", "CourierTargets"]),
        .library(name: "CourierPlugins", targets: ["CourierPlugins"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierHTTP1", targets: ["CourierHTTP1"]),
        .executable(name: "courier-demo", targets: ["courier-demo"]),
        .executable(name: "courier-bench", targets: ["courier-bench"]),
    ],
    targets: [
        .target(name: "CourierTargets", path: "Sources/Targets"),
        .target(name: "Courier", dependencies: ["CourierTargets"], path: "Sources/Provider"),
        // epoll and eventfd for the native transport on Linux (Swift's Glibc module lacks them).
        .target(name: "CCourierSystem", path: "Sources/HTTP1CSystem"),
        .target(name: "CourierHTTP1", dependencies: ["Courier", "CCourierSystem"], path: "Sources/HTTP1"),
        .target(name: "CourierPlugins", dependencies: ["Courier"], path: "Sources/Plugins"),
        .target(name: "CourierTesting", dependencies: ["Courier"], path: "Sources/Testing"),
        .executableTarget(
            name: "courier-demo", dependencies: ["Courier", "CourierPlugins", "CourierTesting"],
            path: "Sources/Demo"),
        .executableTarget(
            name: "courier-bench", dependencies: ["Courier", "CourierHTTP1", "CourierPlugins"], path: "Sources/Bench"),
        // One call to a hostile server in a process of its own, for the live hardening tests.
        .executableTarget(name: "courier-probe", dependencies: ["Courier", "CourierHTTP1"], path: "Sources/Probe"),
        .testTarget(name: "CourierTargetsTests", dependencies: ["CourierTargets"]),
        .testTarget(name: "CourierTests", dependencies: ["Courier"]),
        .testTarget(name: "CourierHTTP1Tests", dependencies: ["CourierHTTP1"]),
        .testTarget(name: "CourierPluginsTests", dependencies: ["CourierPlugins"]),
        .testTarget(
            name: "CourierTestingTests", dependencies: ["CourierTesting"],
            resources: [.copy("Fixtures"), .copy("Recordings")]),
        .testTarget(
            name: "CourierLiveTests", dependencies: ["Courier", "CourierHTTP1", "CourierPlugins", "CourierTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
