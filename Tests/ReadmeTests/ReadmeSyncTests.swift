import Foundation
import Testing

/// Reads README.md and the example sources from the repository this test file is in.
enum ReadmeText {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ReadmeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    static func examples() throws -> String {
        let url = root.appendingPathComponent("Tests/ReadmeTests/ReadmeExamples.swift")
        return try String(contentsOf: url, encoding: .utf8)
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

    /// The first fenced block after the paragraph that is exactly `marker`.
    static func block(after marker: String, in markdown: String) throws -> String {
        let parts = markdown.components(separatedBy: "\n\(marker)\n\n```text\n")
        let rest = try #require(parts.count == 2 ? parts[1] : nil, "README has no `\(marker)` block")
        return try #require(rest.components(separatedBy: "\n```").first)
    }

    /// `File.swift:123` → `File.swift:N`, so that moving a test line does not break the
    /// comparison of a diagnostic with the README.
    static func withoutLineNumbers(_ text: String) -> String {
        text.replacingOccurrences(of: #"\.swift:[0-9]+"#, with: ".swift:N", options: .regularExpression)
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

@Suite("README stays in sync with compiled code")
struct ReadmeSyncTests {
    @Test("Every paragraph of every Swift block in README.md is compiled in ReadmeExamples.swift")
    func everySwiftBlockIsCompiled() throws {
        let readme = try ReadmeText.readme()
        let compiled = ReadmeText.significantLines(try ReadmeText.examples())
        let blocks = ReadmeText.codeBlocks("swift", in: readme)
        #expect(blocks.count >= 7)
        for block in blocks {
            for paragraph in ReadmeText.paragraphs(block) {
                let lines = ReadmeText.significantLines(paragraph)
                let found = compiled.indices.contains { start in
                    start + lines.count <= compiled.count
                        && Array(compiled[start..<start + lines.count]) == lines
                }
                #expect(found, "README example not found in ReadmeExamples.swift:\n\(paragraph)")
            }
        }
    }

    @Test("The quick start's commands are the ones CI runs")
    func quickStartMatchesCI() throws {
        let readme = try ReadmeText.readme()
        let shell = try #require(ReadmeText.codeBlocks("sh", in: readme).first)
        let commands = shell.split(separator: "\n").map {
            $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["swift run keystone-example", "swift test --disable-xctest"])
        let ci = try String(contentsOf: ReadmeText.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        for command in commands {
            #expect(ci.contains(command), "`.ci/run` does not run `\(command)`")
        }
    }
}
