// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in a package of their own so that the Keystone library keeps zero
// dependencies: only people who run the benchmarks resolve package-benchmark, Swinject and
// swift-dependencies.
let package = Package(
    name: "KeystoneBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Keystone", path: ".."),
        // The trait list is required: the default traits pull a package the mirror lacks.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        // No traits: the benchmarks use `DependencyValues` alone, and the default traits add
        // swift-clocks, combine-schedulers and OpenCombine to a release build (about 35 s).
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "KeystoneBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Keystone", package: "Keystone"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/KeystoneBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Plain executables for figures a benchmark run cannot give: instructions and
        // allocations per operation under valgrind (instructions.sh, allocations.sh; valgrind
        // cannot run the benchmark executable, which ends in dispatchMain), and resident memory
        // under churn (memory.sh). In this package so that they and the benchmarks share one
        // release build of Keystone; package-benchmark runs only the executable targets under
        // Benchmarks/ as benchmarks.
        .executableTarget(
            name: "KeystoneProbe",
            dependencies: [.product(name: "Keystone", package: "Keystone")],
            path: "Probes/KeystoneProbe"
        ),
        .executableTarget(
            name: "KeystoneChurn",
            dependencies: [.product(name: "Keystone", package: "Keystone")],
            path: "Probes/KeystoneChurn"
        ),
        .executableTarget(
            name: "KeystoneRace",
            dependencies: [.product(name: "Keystone", package: "Keystone")],
            path: "Probes/KeystoneRace"
        ),
    ],
    swiftLanguageModes: [.v6]
)
