import Foundation

/// Finds the file on disk that a registration site names by its file ID (`AppCore/Wiring.swift`),
/// so that a test issue located there carries a path an editor opens.
///
/// A registration keeps the `#fileID` of its call, which names the module and the file but not
/// the folder. The file is looked for in the project of the test that reports the issue: from
/// the folder of the test's own file (its `#filePath`) up, in each folder that holds a
/// `Package.swift`, an Xcode project or workspace, or `.git`, nearest first, up to the
/// repository's root. Swift allows one file of a name per module, so the file is the one of
/// that name, or, where several modules have one, the one in a folder named after the module.
/// When the sources are not on this machine, or the file cannot be told apart, there is no
/// path, and the issue keeps the file ID.
enum SourcePaths {
    /// The path of the file `fileID` names, looked for from `anchor` (a file of the project).
    static func path(forFileID fileID: String, near anchor: String) -> String? {
        guard let slash = fileID.firstIndex(of: "/") else { return nil }
        let module = String(fileID[..<slash])
        let fileName = String(fileID[fileID.index(after: slash)...])
        guard !module.isEmpty, !fileName.isEmpty, !fileName.contains("/"), anchor.hasPrefix("/") else { return nil }
        var folder = URL(fileURLWithPath: anchor).deletingLastPathComponent()
        while true {
            let markers = projectMarkers(in: folder)
            if !markers.isEmpty {
                if let found = pick(from: index.files(named: fileName, under: folder), module: module) { return found }
                if markers.contains(".git") { return nil }
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Which of the files of the right name is the one: the only one, or the only one in a
    /// folder named after the module.
    static func pick(from candidates: [String], module: String) -> String? {
        if candidates.count == 1 { return candidates[0] }
        let inModuleFolder = candidates.filter { $0.split(separator: "/").contains { $0 == module } }
        return inModuleFolder.count == 1 ? inModuleFolder[0] : nil
    }

    /// The names in `folder` that make it a project's root.
    private static func projectMarkers(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter {
            $0 == "Package.swift" || $0 == ".git" || $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace")
        }
    }

    /// The Swift files under each project root looked into, by name: read once per root, and
    /// only when an issue is reported.
    static let index = Index()

    /// `@unchecked Sendable`: `lock` guards `roots`.
    final class Index: @unchecked Sendable {
        private let lock = NSLock()
        private var roots: [String: [String: [String]]] = [:]

        /// Folders never looked into: build products, dependencies' checkouts, and hidden ones.
        static let skipped: Set<String> = [".build", "DerivedData", "node_modules", "Pods", "Carthage"]
        /// How many entries one root's walk reads at most, so that a root that is a home
        /// folder does not stall a test run.
        static let limit = 200_000

        /// The paths of the Swift files named `fileName` under `root`.
        func files(named fileName: String, under root: URL) -> [String] {
            lock.withLock {
                if let files = roots[root.path] { return files[fileName] ?? [] }
                let files = Self.swiftFiles(under: root)
                roots[root.path] = files
                return files[fileName] ?? []
            }
        }

        private static func swiftFiles(under root: URL) -> [String: [String]] {
            var files: [String: [String]] = [:]
            guard
                let walker = FileManager.default.enumerator(
                    at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
            else { return files }
            var read = 0
            for case let url as URL in walker {
                read += 1
                if read > limit { break }
                let name = url.lastPathComponent
                if skipped.contains(name) {
                    walker.skipDescendants()
                } else if name.hasSuffix(".swift") {
                    files[name, default: []].append(url.standardizedFileURL.path)
                }
            }
            return files
        }
    }
}
