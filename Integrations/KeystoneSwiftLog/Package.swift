// swift-tools-version:6.2
import PackageDescription

// A bridge from Keystone's ContainerLogger to swift-log, in a package of its own so that the
// Keystone library keeps zero dependencies: only apps that want it resolve swift-log.
let package = Package(
    name: "KeystoneSwiftLog",
    products: [
        .library(name: "KeystoneSwiftLog", targets: ["KeystoneSwiftLog"])
    ],
    dependencies: [
        .package(name: "Keystone", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "KeystoneSwiftLog",
            dependencies: [
                .product(name: "Keystone", package: "Keystone"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "KeystoneSwiftLogTests", dependencies: ["KeystoneSwiftLog"]),
    ],
    swiftLanguageModes: [.v6]
)
