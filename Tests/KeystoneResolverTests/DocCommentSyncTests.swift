import Foundation
import Testing

/// Every example in KeystoneResolver's doc comments is compiled by a test: each paragraph of
/// each ```swift block appears, line for line, in a Swift file of the module's test targets.
@Suite("KeystoneResolver doc comments stay in sync with compiled code")
struct DocCommentSyncTests {
    /// The package's root directory, found from this file's path.
    static var root: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return url
    }

    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let paths = (FileManager.default.subpaths(atPath: base.path) ?? []).filter { $0.hasSuffix(".swift") }
        return paths.sorted().map { base.appendingPathComponent($0) }
    }

    /// The lines that carry meaning, with runs of spaces folded: no blanks, no imports.
    static func significantLines(_ code: some StringProtocol) -> [String] {
        code.split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The paragraphs of the ```swift blocks in the `///` comments of `source`.
    static func exampleParagraphs(in source: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { continue }
            let text = trimmed.dropFirst(3)
            let content = String(text.hasPrefix(" ") ? text.dropFirst() : text)
            if content.hasPrefix("```") {
                if let block = current {
                    blocks.append(block.joined(separator: "\n"))
                    current = nil
                } else if content == "```swift" {
                    current = []
                }
            } else if current != nil {
                current?.append(content)
            }
        }
        return blocks.flatMap { $0.components(separatedBy: "\n\n") }.filter { !significantLines($0).isEmpty }
    }

    @Test("Every doc comment example of Sources/KeystoneResolver appears in a test file")
    func everyExampleIsCompiled() throws {
        let sources = Self.swiftFiles(under: "Sources/KeystoneResolver")
        #expect(!sources.isEmpty)
        let tests = Self.swiftFiles(under: "Tests/KeystoneResolverTests")
        let compiled = try tests.map { Self.significantLines(try String(contentsOf: $0, encoding: .utf8)) }
        var checked = 0
        for source in sources {
            for paragraph in Self.exampleParagraphs(in: try String(contentsOf: source, encoding: .utf8)) {
                let lines = Self.significantLines(paragraph)
                let found = compiled.contains { file in
                    file.indices.contains { start in
                        start + lines.count <= file.count && Array(file[start..<start + lines.count]) == lines
                    }
                }
                #expect(found, "\(source.lastPathComponent): example not compiled by any test:\n\(paragraph)")
                checked += 1
            }
        }
        #expect(checked > 5)
    }
}
