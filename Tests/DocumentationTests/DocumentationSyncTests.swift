import Foundation
import Testing

/// Reads README.md, the DocC articles and the example sources from the repository this test
/// file is in.
enum DocumentationText {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DocumentationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static func readme() throws -> String { try read("README.md") }

    /// The paths of the files in `folder` (relative to the root) whose names end in `suffix`.
    static func files(in folder: String, endingWith suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(suffix) }
            .sorted()
            .map { "\(folder)/\($0)" }
    }

    /// Every document whose Swift examples must compile: README.md and the DocC articles, of
    /// Keystone and of the KeystoneTesting and KeystoneSwiftLog libraries.
    static func documents() throws -> [String] {
        try ["README.md"] + files(in: "Sources/Keystone/Keystone.docc", endingWith: ".md")
            + files(in: "Sources/KeystoneTesting/KeystoneTesting.docc", endingWith: ".md")
            + files(in: "Sources/KeystoneSwiftLog/KeystoneSwiftLog.docc", endingWith: ".md")
    }

    /// The paths of the Swift files under `folder` (relative to the root), at any depth.
    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder).path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The significant lines of every Swift file of the package's test targets (this one, the
    /// doc comments' examples, and the suites that hold the guides' examples), and of the apps
    /// of `.ci/compat-app`, each file on its own. Those apps hold what only an app's module can
    /// compile (a `@retroactive` conformance to a compatibility module's protocol), and
    /// `.ci/consumer-check` builds them with warnings as errors and runs them.
    static func compiledExamples() throws -> [[String]] {
        try (swiftFiles(under: "Tests") + swiftFiles(under: ".ci/compat-app")).map { significantLines(try read($0)) }
    }

    /// The fenced code blocks of `markdown` in the given language, in order.
    static func codeBlocks(_ language: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The fenced code blocks in `language` of the `///` doc comments of `source`, in order.
    static func docCommentBlocks(_ language: String, in source: String) -> [String] {
        var comment: [String] = []
        var blocks: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("///") {
                let text = trimmed.dropFirst(3)
                comment.append(String(text.hasPrefix(" ") ? text.dropFirst() : text))
            } else if !comment.isEmpty {
                blocks += codeBlocks(language, in: comment.joined(separator: "\n"))
                comment = []
            }
        }
        return blocks
    }

    /// Doc comment examples that no test can compile, with the reason.
    static let uncompiledDocComments: [String: String] = [:]

    /// The first fenced block after the paragraph that is exactly `marker`.
    static func block(after marker: String, in markdown: String) throws -> String {
        let parts = markdown.components(separatedBy: "\n\(marker)\n\n```text\n")
        let rest = try #require(parts.count == 2 ? parts[1] : nil, "README has no `\(marker)` block")
        return try #require(rest.components(separatedBy: "\n```").first)
    }

    /// `Module/File.swift:123` → `FILE:N`, so that the README can show a registration site
    /// that reads naturally, and moving a test line does not break the comparison.
    static func withoutSites(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"[A-Za-z]+/[A-Za-z+]+\.swift:[0-9N]+"#, with: "FILE:N", options: .regularExpression)
    }

    /// The lines of `code` that carry meaning, with runs of spaces folded (the formatter may
    /// realign comments): no blanks, no imports.
    static func significantLines(_ code: some StringProtocol) -> [String] {
        code.split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The paragraphs (runs of lines between blank lines) of a code block.
    static func paragraphs(_ code: String) -> [String] {
        code.components(separatedBy: "\n\n").filter { !significantLines($0).isEmpty }
    }
}

@Suite("Documentation stays in sync with compiled code")
struct DocumentationSyncTests {
    @Test(
        "Every paragraph of every Swift block in README.md and the DocC articles is compiled here",
        arguments: try DocumentationText.documents()
    )
    func everySwiftBlockIsCompiled(document: String) throws {
        let text = try DocumentationText.read(document)
        let compiled = try DocumentationText.compiledExamples()
        for block in DocumentationText.codeBlocks("swift", in: text) {
            for paragraph in DocumentationText.paragraphs(block) {
                let lines = DocumentationText.significantLines(paragraph)
                let found = compiled.contains { file in
                    file.indices.contains { start in
                        start + lines.count <= file.count && Array(file[start..<start + lines.count]) == lines
                    }
                }
                #expect(found, "\(document): example not found in Tests/DocumentationTests:\n\(paragraph)")
            }
        }
    }

    @Test(
        "Every paragraph of every Swift block in the library's doc comments is compiled by a test",
        arguments: [
            "Sources/Keystone", "Sources/KeystoneTesting", "Sources/KeystoneSwiftLog", "Sources/KeystoneKOInject",
            "Sources/KeystoneResolver", "Sources/KeystoneSwoin", "Sources/KeystoneZerk",
        ].flatMap(DocumentationText.swiftFiles(under:))
    )
    func everyDocCommentExampleIsCompiled(source: String) throws {
        let blocks = DocumentationText.docCommentBlocks("swift", in: try DocumentationText.read(source))
        if let reason = DocumentationText.uncompiledDocComments[source] {
            #expect(!blocks.isEmpty, "\(source) is listed as not compiled (\(reason)) but has no example")
            return
        }
        let compiled = try DocumentationText.compiledExamples()
        for block in blocks {
            for paragraph in DocumentationText.paragraphs(block) {
                let lines = DocumentationText.significantLines(paragraph)
                let found = compiled.contains { file in
                    file.indices.contains { start in
                        start + lines.count <= file.count && Array(file[start..<start + lines.count]) == lines
                    }
                }
                #expect(
                    found,
                    "\(source): doc comment example not compiled by any test (add it to Tests/DocCommentTests, or to the module's own tests):\n\(paragraph)"
                )
            }
        }
    }

    @Test("The README and the catalogue have examples to check")
    func documentsHaveExamples() throws {
        // The README is a front page (the articles hold the rest), with a few real examples.
        #expect(DocumentationText.codeBlocks("swift", in: try DocumentationText.readme()).count >= 5)
        #expect(try DocumentationText.documents().count >= 5)
    }

    @Test("The quick start's commands are the ones CI runs")
    func quickStartMatchesCI() throws {
        let readme = try DocumentationText.readme()
        let shell = try #require(DocumentationText.codeBlocks("sh", in: readme).first)
        let commands = shell.split(separator: "\n").map {
            $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["swift run keystone-example", "swift test --disable-xctest"])
        let ci = try DocumentationText.read(".ci/run")
        for command in commands {
            #expect(ci.contains(command), "`.ci/run` does not run `\(command)`")
        }
    }
}
