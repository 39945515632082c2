import Foundation
import Testing

@testable import KeystoneTesting

/// Finding a registration's file from its file ID, in throw-away project folders.
@Suite("Finding a registration's file from its file ID")
struct SourcePathsTests {
    /// A fresh folder with `files` (paths relative to it) created empty; removed by `body`'s end.
    func inProject(_ files: [String], _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("keystone-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if file.hasSuffix("/.git") || file.hasSuffix(".xcodeproj") {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else {
                try Data().write(to: url)
            }
        }
        try body(root.standardizedFileURL)
    }

    @Test("A package's file in another target's folder, from a test file")
    func packageLayout() throws {
        try inProject([
            ".git", "Package.swift", "Sources/AppCore/Wiring/Wiring.swift", "Tests/AppTests/GraphTests.swift",
        ]) {
            let path = SourcePaths.path(
                forFileID: "AppCore/Wiring.swift",
                near: $0.appendingPathComponent("Tests/AppTests/GraphTests.swift").path)
            #expect(path == $0.appendingPathComponent("Sources/AppCore/Wiring/Wiring.swift").path)
        }
    }

    @Test("Of two files with one name, the one in the module's folder")
    func twoModules() throws {
        try inProject([
            ".git", "Package.swift", "Sources/AppCore/Wiring.swift", "Sources/Billing/Wiring.swift",
            "Tests/AppTests/T.swift",
        ]) {
            let anchor = $0.appendingPathComponent("Tests/AppTests/T.swift").path
            #expect(
                SourcePaths.path(forFileID: "Billing/Wiring.swift", near: anchor)
                    == $0.appendingPathComponent("Sources/Billing/Wiring.swift").path)
            #expect(SourcePaths.path(forFileID: "Elsewhere/Wiring.swift", near: anchor) == nil)
        }
    }

    @Test("An Xcode project's file, from a local package's test up to the repository's root")
    func outerProject() throws {
        try inProject([
            ".git", "App.xcodeproj", "App/Wiring.swift", "Packages/Feature/Package.swift",
            "Packages/Feature/Tests/FeatureTests/T.swift",
        ]) {
            let anchor = $0.appendingPathComponent("Packages/Feature/Tests/FeatureTests/T.swift").path
            #expect(
                SourcePaths.path(forFileID: "App/Wiring.swift", near: anchor)
                    == $0.appendingPathComponent("App/Wiring.swift").path)
        }
    }

    @Test("Build products, checkouts and what lies above the repository's root are not looked into")
    func skipped() throws {
        try inProject([
            "Outside/Wiring.swift", "Repo/.git", "Repo/Package.swift", "Repo/.build/checkouts/Dep/Cache.swift",
            "Repo/Tests/AppTests/T.swift",
        ]) {
            let anchor = $0.appendingPathComponent("Repo/Tests/AppTests/T.swift").path
            #expect(SourcePaths.path(forFileID: "Outside/Wiring.swift", near: anchor) == nil)
            #expect(SourcePaths.path(forFileID: "Dep/Cache.swift", near: anchor) == nil)
        }
    }

    @Test("A file ID or an anchor that is not a path names no file")
    func malformed() {
        #expect(SourcePaths.path(forFileID: "Wiring.swift", near: #filePath) == nil)
        #expect(SourcePaths.path(forFileID: "AppCore/Wiring.swift", near: "relative/T.swift") == nil)
    }
}
