// swift-tools-version:6.1
import PackageDescription

// Keystone beside the other Swift containers, registering 1,000 services through a generic
// helper. Its dependencies but Keystone and Swinject are fetched into `.build-peers/` by
// `peers.sh`, which runs it; see `Benchmarks/README.md`, "Registering beside the other
// containers".
let package = Package(
    name: "PeerRegistration",
    dependencies: [
        .package(name: "Keystone", path: "../.."),
        .package(path: ".build-peers/KOInject"),
        .package(path: ".build-peers/Resolver"),
        .package(path: ".build-peers/Zerk"),
        .package(path: ".build-peers/Swoin"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "PeerRegistration",
            dependencies: [
                .product(name: "Keystone", package: "Keystone"),
                .product(name: "KOInject", package: "KOInject"),
                .product(name: "Resolver", package: "Resolver"),
                .product(name: "Zerk", package: "Zerk"),
                .product(name: "Swoin", package: "Swoin"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Harness",
            // The other libraries' APIs predate Swift 6's checks.
            swiftSettings: [.swiftLanguageMode(.v5)]
        )
    ]
)
