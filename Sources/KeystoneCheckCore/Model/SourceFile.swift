import SwiftParser
import SwiftSyntax

/// A Swift file of the target, parsed.
package struct SourceFile: Sendable {
    /// Its path, as diagnostics name it.
    package let path: String
    /// Its `#fileID`: `Module/File.swift`.
    package let fileID: String
    /// Its text, one entry a line, for the silencing comments.
    package let lines: [Substring]
    /// Its syntax tree.
    let tree: SourceFileSyntax

    /// Parses `text`, the contents of the file at `path` in module `module`.
    package init(path: String, module: String, text: String) {
        self.path = path
        self.fileID = "\(module)/\(path.split(separator: "/").last.map(String.init) ?? path)"
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.tree = Parser.parse(source: text)
    }
}
