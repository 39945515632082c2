// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Keystone",
    // The oldest Apple releases that Swift concurrency deploys to. Parameter packs are kept
    // in generic functions (never in generic types) so that these stay reachable.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Keystone", targets: ["Keystone"]),
        .executable(name: "keystone-example", targets: ["KeystoneExample"]),
    ],
    targets: [
        // Two acquire/release helpers for the lock-free registry read path. Part of this
        // package, not a dependency: `Synchronization.Atomic` needs iOS 18 / macOS 15.
        .target(name: "CKeystoneAtomics"),
        .target(name: "Keystone", dependencies: ["CKeystoneAtomics"]),
        .executableTarget(name: "KeystoneExample", dependencies: ["Keystone"]),
        .testTarget(name: "KeystoneTests", dependencies: ["Keystone"]),
        // README.md's examples, compiled and run; its own module so that their type names
        // cannot clash with the fixtures of the other tests.
        .testTarget(name: "ReadmeTests", dependencies: ["Keystone"]),
    ],
    swiftLanguageModes: [.v6]
)
