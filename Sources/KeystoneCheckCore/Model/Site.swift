/// A place in a source file: where a registration, a resolve or a declaration is written.
package struct Site: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file's path as the build gave it.
    package let path: String
    /// The file's ID as `#fileID` spells it (`Module/File.swift`): what `verify()` prints.
    package let fileID: String
    /// The line, from 1.
    package let line: Int
    /// The column, from 1.
    package let column: Int

    /// A site in `path`, whose `#fileID` is `fileID`.
    package init(path: String, fileID: String, line: Int, column: Int) {
        self.path = path
        self.fileID = fileID
        self.line = line
        self.column = column
    }

    /// The site as `verify()` names a registration: `Module/File.swift:12`.
    package var description: String { "\(fileID):\(line)" }

    /// Orders sites by file, then line, then column.
    package static func < (lhs: Site, rhs: Site) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
