// Runs with or without the package trait `SwiftLog`: what the documentation tells an app to
// write in its manifest is what this package's manifest declares, and what the bridge, built
// without the trait, says to do. `.ci/consumer-check` builds an app each way.
import Foundation
import Testing

/// Reads files of the repository this test file is in.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KeystoneSwiftLogTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }
}

@Suite("swift-log bridge: enabling the trait")
struct TraitDocumentationTests {
    @Test("This package declares the trait and the product the documentation names")
    func manifestDeclaresThem() throws {
        let manifest = try Repository.read("Package.swift")
        #expect(manifest.contains(#".trait(name: "SwiftLog""#))
        #expect(manifest.contains(#".library(name: "KeystoneSwiftLog", targets: ["KeystoneSwiftLog"])"#))
        #expect(manifest.contains(#"condition: .when(traits: ["SwiftLog"])"#))
    }

    @Test("The logging article shows the manifest lines that enable the bridge")
    func articleShowsTheTrait() throws {
        let article = try Repository.read("Sources/Keystone/Keystone.docc/ContainerLogging.md")
        #expect(
            article.contains(
                #".package(url: "<Keystone's repository URL>", branch: "main", traits: ["SwiftLog"]),"#))
        #expect(article.contains(#".product(name: "KeystoneSwiftLog", package: "Keystone"),"#))
    }

    @Test("The README shows the trait where it mentions the bridge")
    func readmeShowsTheTrait() throws {
        let readme = try Repository.read("README.md")
        #expect(readme.contains(#"branch: "main", traits: ["SwiftLog"])"#))
    }

    @Test("Built without the trait, the bridge's stand-in names the fix")
    func standInNamesTheFix() throws {
        let source = try Repository.read("Sources/KeystoneSwiftLog/SwiftLogContainerLogger.swift")
        let fix = #"To fix, add traits: [\"SwiftLog\"] to the Keystone package in your Package.swift's dependencies"#
        #expect(source.contains(fix))
        #expect(source.contains("#else"))
        #expect(source.contains("*, unavailable,"))
    }
}
