// swift-tools-version:6.1
import PackageDescription

// A sample, not part of Keystone's package graph: a Hummingbird 2 server whose composition root
// is a Keystone container, with a request scope per request; and a load check that compares
// the request scope with hand wiring on the running server.
// The KeystoneCheck build plugin, unless `KEYSTONE_CHECK=0`, which Keystone's CI sets: the plugin
// is checked there on an app of its own and on its corpus (which has request scopes), and here
// it would compile swift-syntax once more; the sample's tests run `verify()` on its wiring.
let keystoneCheck: [Target.PluginUsage] =
    Context.environment["KEYSTONE_CHECK"] == "0" ? [] : [.plugin(name: "KeystoneCheck", package: "Keystone")]

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "notes-server", targets: ["NotesServer"]),
        .executable(name: "notes-load-check", targets: ["NotesLoadCheck"]),
    ],
    dependencies: [
        .package(name: "Keystone", path: "../.."),
        // No traits: the sample reads no swift-configuration and encodes no URL forms, and
        // leaving them out keeps those packages out of its build.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: []),
        // Both already come with Hummingbird; named here because the sample imports them.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "NotesServer",
            dependencies: [
                .product(name: "Keystone", package: "Keystone"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // A missing registration, a cycle or a captive dependency fails the build here.
            plugins: keystoneCheck
        ),
        // Starts notes-server as a process of its own and measures it over loopback HTTP; it
        // needs no package: its client is a few lines of sockets.
        .executableTarget(name: "NotesLoadCheck"),
        .testTarget(
            name: "NotesServerTests",
            dependencies: [
                "NotesServer",
                .product(name: "Keystone", package: "Keystone"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
