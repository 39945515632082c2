import Foundation
import Keystone

/// Writes the dependency graph that verification observed, as Graphviz DOT and as Mermaid,
/// into `folder`, and says how to turn the DOT file into a picture.
func writeGraph(_ report: VerificationReport, to folder: String) {
    let base = URL(fileURLWithPath: folder).appendingPathComponent("keystone-example")
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try report.graph.dot.write(to: base.appendingPathExtension("dot"), atomically: true, encoding: .utf8)
        try report.graph.mermaid.write(to: base.appendingPathExtension("mmd"), atomically: true, encoding: .utf8)
    } catch {
        Console.say("   could not write the graph: \(error)")
        return
    }
    Console.say("   wrote \(base.path).dot and \(base.path).mmd")
    Console.say("   render it with: dot -Tsvg \(base.path).dot -o \(base.path).svg")
}
