// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Keystone",
    // The oldest Apple releases that Swift concurrency deploys to. Parameter packs are kept
    // in generic functions (never in generic types) so that these stay reachable.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Keystone", targets: ["Keystone"]),
        .executable(name: "keystone-example", targets: ["KeystoneExample"]),
        // For an app's tests: a Swift Testing trait that overrides `Container.shared` per test,
        // and a graph check that reports each problem at its registration.
        .library(name: "KeystoneTesting", targets: ["KeystoneTesting"]),
        // The bridge to swift-log. Enable the package trait `SwiftLog` to use it (see
        // `traits` below); without it the module holds only an unavailable stand-in, whose use
        // fails to build with the `traits:` line to add.
        .library(name: "KeystoneSwiftLog", targets: ["KeystoneSwiftLog"]),
        // Compatibility modules: code written for KOInject, Resolver, Swoin or Zerk compiles
        // against Keystone with only its import line changed. Each is a thin layer over the
        // `Keystone` library and adds no dependency.
        .library(name: "KeystoneKOInject", targets: ["KeystoneKOInject"]),
        .library(name: "KeystoneResolver", targets: ["KeystoneResolver"]),
        .library(name: "KeystoneSwoin", targets: ["KeystoneSwoin"]),
        .library(name: "KeystoneZerk", targets: ["KeystoneZerk"]),
        // The build-time graph check: `plugins: [.plugin(name: "KeystoneCheck", package: "Keystone")]`
        // on an app target turns a missing registration, a cycle or a captive dependency into a
        // build error at the registration. Only an app that uses this product builds swift-syntax:
        // SwiftPM builds the targets of the products an app uses, and nothing else.
        .plugin(name: "KeystoneCheck", targets: ["KeystoneCheck"]),
        .executable(name: "keystone-check", targets: ["keystone-check"]),
    ],
    // `SwiftLog` turns on the swift-log bridge. It is off by default, so an app that does not
    // enable it never resolves swift-log: SwiftPM leaves out the dependencies that only a
    // disabled trait uses.
    traits: [.trait(name: "SwiftLog", description: "The KeystoneSwiftLog bridge to swift-log")],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Only the KeystoneCheck plugin's tool uses it (its parser); a range, so that an app whose
        // macros need another release of it still resolves.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"700.0.0"),
    ],
    targets: [
        // What Swift cannot do on the package's oldest platforms without a dependency: atomics
        // (`Synchronization.Atomic` needs iOS 18 / macOS 15), the one-word lock, thread-local
        // words, and the read sections of the lock-free registry read. Part of this package.
        // CONTRIBUTING.md ("Unsafe code") counts its functions and says what each buys.
        .target(name: "CKeystoneThreadPrimitives"),
        // The rules of the graph that the container and the build check share: lifetimes, the
        // captive rule and the words of every problem. No dependencies.
        .target(name: "KeystoneRules"),
        .target(name: "Keystone", dependencies: ["CKeystoneThreadPrimitives", "KeystoneRules"]),
        // No build-tool plugin here: SwiftPM 6.3 builds the tools of every plugin a target of the
        // graph uses, even in an app that uses only `Keystone`, so the example's wiring is
        // checked by KeystoneCheckTests (and the plugin by .ci/keystone-check) instead.
        .executableTarget(name: "KeystoneExample", dependencies: ["Keystone"]),
        // Depends on Keystone and on Swift Testing, which the toolchain provides.
        .target(name: "KeystoneTesting", dependencies: ["Keystone"]),
        .testTarget(name: "KeystoneTestingTests", dependencies: ["Keystone", "KeystoneTesting"]),
        .target(
            name: "KeystoneSwiftLog",
            dependencies: [
                "Keystone",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["SwiftLog"])),
            ]
        ),
        .testTarget(
            name: "KeystoneSwiftLogTests",
            dependencies: [
                "KeystoneSwiftLog",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["SwiftLog"])),
            ]
        ),
        .testTarget(name: "KeystoneTests", dependencies: ["Keystone"]),
        // The compatibility modules. Each has two test targets: `…Tests` compiles the seed
        // documents' examples and the original library's suite, re-expressed, in the Swift 5
        // language mode that apps using these libraries build in; `…Swift6Tests` compiles
        // the files of it that are valid Swift 6 (symbolic links to them) in Swift 6 mode.
        .target(name: "KeystoneKOInject", dependencies: ["Keystone"]),
        .target(name: "KeystoneResolver", dependencies: ["Keystone"]),
        .target(name: "KeystoneSwoin", dependencies: ["Keystone"]),
        .target(name: "KeystoneZerk", dependencies: ["Keystone"]),
        .testTarget(
            name: "KeystoneKOInjectTests",
            dependencies: ["KeystoneKOInject", "Keystone", "KeystoneTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "KeystoneKOInjectSwift6Tests", dependencies: ["KeystoneKOInject", "Keystone", "KeystoneTesting"]),
        .testTarget(
            name: "KeystoneResolverTests",
            dependencies: ["KeystoneResolver", "Keystone", "KeystoneTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "KeystoneResolverSwift6Tests", dependencies: ["KeystoneResolver", "Keystone", "KeystoneTesting"]),
        .testTarget(
            name: "KeystoneSwoinTests",
            dependencies: ["KeystoneSwoin", "Keystone", "KeystoneTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "KeystoneSwoinSwift6Tests", dependencies: ["KeystoneSwoin", "Keystone", "KeystoneTesting"]),
        .testTarget(
            name: "KeystoneZerkTests",
            dependencies: ["KeystoneZerk", "Keystone", "KeystoneTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "KeystoneZerkSwift6Tests", dependencies: ["KeystoneZerk", "Keystone", "KeystoneTesting"]),
        // The examples of README.md and the DocC articles, compiled and run; its own module so
        // that their type names cannot clash with the fixtures of the other tests.
        .testTarget(name: "DocumentationTests", dependencies: ["Keystone"]),
        // The examples of the doc comments in Sources/Keystone, compiled and run, in a module
        // of their own for the same reason.
        .testTarget(name: "DocCommentTests", dependencies: ["Keystone"]),
        // A user's view of main-actor services: `@MainActor` view models registered and
        // resolved with no `await`, `assumeIsolated` or `@preconcurrency`, and reached from
        // nonisolated code with `await`. Every warning is an error here, whatever the build.
        .testTarget(
            name: "MainActorTests",
            dependencies: ["Keystone"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        // The same, in a module whose declarations are `@MainActor` by default, as an Xcode 26
        // app target's are.
        .testTarget(
            name: "DefaultMainActorTests",
            dependencies: ["Keystone"],
            swiftSettings: [.defaultIsolation(MainActor.self), .treatAllWarnings(as: .error)]
        ),
        // The build-time graph check: the analysis (reads the target's sources with SwiftParser),
        // the tool that prints its findings as compiler diagnostics, and the build-tool plugin
        // that runs the tool on an app target's sources.
        .target(
            name: "KeystoneCheckCore",
            dependencies: [
                "KeystoneRules",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Named as its product, so that the plugin finds it by one name both in this package and
        // in an app's.
        .executableTarget(
            name: "keystone-check", dependencies: ["KeystoneCheckCore"], path: "Sources/KeystoneCheckTool"),
        .plugin(name: "KeystoneCheck", capability: .buildTool(), dependencies: ["keystone-check"]),
        // The analysis on a corpus of composition roots that are also compiled here and verified
        // with `verify()` at run time: where the analysis decides, both must agree. Also the
        // example's `--graph` picture, drawn with Graphviz (the one test target that links it).
        .testTarget(name: "KeystoneCheckTests", dependencies: ["KeystoneCheckCore", "Keystone", "KeystoneExample"]),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation plugin, only when building the docs (`KEYSTONE_DOCS=1 swift package
// generate-documentation --target Keystone`; also `--target KeystoneTesting` and, with
// `--traits SwiftLog` before `generate-documentation`, `--target KeystoneSwiftLog`), so that
// apps depending on Keystone never resolve it.
if Context.environment["KEYSTONE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// `KEYSTONE_CHECK=0` leaves the build-time check out of this package's own build: no
// swift-syntax, no KeystoneCheck targets. For CI
// builds that test something else (the sanitizer runs), which would otherwise compile
// swift-syntax twice each: once for the tests, once as the plugin's host tool.
if Context.environment["KEYSTONE_CHECK"] == "0" {
    let check: Set<String> = ["KeystoneCheckCore", "keystone-check", "KeystoneCheck", "KeystoneCheckTests"]
    package.targets.removeAll { check.contains($0.name) }
    package.products.removeAll { $0.name == "KeystoneCheck" || $0.name == "keystone-check" }
    package.dependencies.removeAll { "\($0.kind)".contains("swift-syntax") }
}

// `KEYSTONE_WARNINGS_AS_ERRORS=1` makes every warning in this package's Swift targets an error.
// CI sets it for all its commands rather than passing `-Xswiftc -warnings-as-errors` to one of
// them: `swift build`, `swift run` and `swift test` then share one set of compiler flags, and none
// of them compiles again what another already built (a flag that differs between two commands
// makes the second recompile every target).
if Context.environment["KEYSTONE_WARNINGS_AS_ERRORS"] == "1" {
    // The plugin and the C target take no Swift settings.
    for target in package.targets where target.type != .plugin && target.name != "CKeystoneThreadPrimitives" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    }
}

// `KEYSTONE_TEST_TARGETS=A,B` keeps only the test targets named: for CI steps that build the
// package again with other settings (a sanitizer, the SwiftLog trait) to run part of its
// tests, so that they do not compile every other test target as well.
if let kept = Context.environment["KEYSTONE_TEST_TARGETS"] {
    let names = Set(kept.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
