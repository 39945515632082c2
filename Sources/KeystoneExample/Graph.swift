import Foundation
import Keystone

/// Writes the dependency graph that verification observed, as Graphviz DOT and as Mermaid,
/// into `folder`, and the picture as SVG when Graphviz is installed.
///
/// Without Graphviz it says so, with how to install it, and the example goes on: the picture
/// is a convenience, never a reason to fail.
func writeGraph(_ report: VerificationReport, to folder: String) {
    let base = URL(fileURLWithPath: folder).appendingPathComponent("keystone-example")
    let dotFile = base.appendingPathExtension("dot")
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try report.graph.dot.write(to: dotFile, atomically: true, encoding: .utf8)
        try report.graph.mermaid.write(to: base.appendingPathExtension("mmd"), atomically: true, encoding: .utf8)
    } catch {
        Console.say("   could not write the graph: \(error)")
        return
    }
    Console.say("   wrote \(base.path).dot and \(base.path).mmd")
    guard let dot = Graphviz.dot else {
        Console.say("   no SVG: Graphviz's dot is not on PATH; install Graphviz (brew/apt-get install graphviz)")
        return
    }
    let svgFile = base.appendingPathExtension("svg")
    do {
        try Graphviz.render(dotFile, to: svgFile, with: dot)
        Console.say("   wrote \(svgFile.path)")
    } catch {
        Console.say("   could not draw the SVG with \(dot.path): \(error)")
    }
}

/// Graphviz's `dot`, run as a separate process.
enum Graphviz {
    /// Where `dot` is: the first executable of that name in a folder of `PATH`; nil when
    /// Graphviz is not installed.
    static var dot: URL? {
        #if os(macOS) || os(Linux)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            return path.split(separator: ":").lazy
                .map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        #else
            return nil
        #endif
    }

    /// A failed run of `dot`: its exit status and what it wrote to standard error.
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let message: String

        var description: String { "dot exited with status \(status): \(message)" }
    }

    /// Draws the DOT file `source` as the SVG file `target` with `dot -Tsvg`.
    static func render(_ source: URL, to target: URL, with dot: URL) throws {
        #if os(macOS) || os(Linux)
            let process = Process()
            process.executableURL = dot
            process.arguments = ["-Tsvg", source.path, "-o", target.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            // Read before waiting, so that a full pipe cannot stall `dot`.
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                try? FileManager.default.removeItem(at: target)
                throw Failure(
                    status: process.terminationStatus,
                    message: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        #else
            throw Failure(status: -1, message: "running another program is not available on this platform")
        #endif
    }
}
