// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Courier", targets: ["Courier", "CourierTargets"]),
        .library(name: "CourierPlugins", targets: ["CourierPlugins"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .executable(name: "courier-demo", targets: ["courier-demo"]),
        .executable(name: "courier-bench", targets: ["courier-bench"]),
    ],
    targets: [
        .target(name: "CourierTargets", path: "Sources/Targets"),
        // epoll and eventfd for the native transport on Linux (Swift's Glibc module lacks them).
        .target(name: "CCourierSystem", path: "Sources/CSystem"),
        .target(name: "Courier", dependencies: ["CourierTargets", "CCourierSystem"], path: "Sources/Provider"),
        .target(name: "CourierPlugins", dependencies: ["Courier"], path: "Sources/Plugins"),
        .target(name: "CourierTesting", dependencies: ["Courier"], path: "Sources/Testing"),
        .executableTarget(
            name: "courier-demo", dependencies: ["Courier", "CourierPlugins", "CourierTesting"],
            path: "Sources/Demo"),
        .executableTarget(
            name: "courier-bench", dependencies: ["Courier", "CourierPlugins"], path: "Sources/Bench"),
        // One call to a hostile server in a process of its own, for the live hardening tests.
        .executableTarget(name: "courier-probe", dependencies: ["Courier"], path: "Sources/Probe"),
        .testTarget(name: "CourierTargetsTests", dependencies: ["CourierTargets"]),
        .testTarget(name: "CourierTests", dependencies: ["Courier"]),
        .testTarget(name: "CourierPluginsTests", dependencies: ["CourierPlugins"]),
        .testTarget(
            name: "CourierTestingTests", dependencies: ["CourierTesting"],
            resources: [.copy("Fixtures"), .copy("Recordings")]),
        .testTarget(
            name: "CourierLiveTests", dependencies: ["Courier", "CourierPlugins", "CourierTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
