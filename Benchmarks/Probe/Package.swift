// swift-tools-version:6.0
import PackageDescription

// A plain executable for deterministic instruction counts under callgrind (see
// ../instructions.sh). A package of its own: package-benchmark runs every executable target of
// the benchmarks package as a benchmark.
let package = Package(
    name: "KeystoneProbe",
    dependencies: [.package(name: "Keystone", path: "../..")],
    targets: [
        .executableTarget(
            name: "KeystoneProbe",
            dependencies: [.product(name: "Keystone", package: "Keystone")]
        ),
        // Resident memory under churn (see ../memory.sh).
        .executableTarget(
            name: "KeystoneChurn",
            dependencies: [.product(name: "Keystone", package: "Keystone")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
