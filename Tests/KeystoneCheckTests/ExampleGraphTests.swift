import Foundation
import Keystone
import Testing

@testable import KeystoneExample

/// `keystone-example --graph DIR`'s picture: the example's graph drawn as SVG by Graphviz,
/// next to the DOT file. Here, in the one test target that links the example.
@Suite struct ExampleGraphTests {
    /// Verifies the example's container as its step 0 does (`main.swift`), and writes the
    /// graph with the example's own `writeGraph` into a new temporary folder. On the main actor,
    /// as the example's top-level code runs, so that verification builds the main-actor view
    /// model and the graph has its edges.
    @MainActor
    static func writeExampleGraph() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("keystone-example-graph-\(UUID().uuidString)")
        var samples = VerificationSamples()
        samples.add(NoteEditor.self, arguments: 1, false)
        let container = try KeystoneExample.makeContainer()
        let report = Console.muted { container.verify(samples: samples) }
        writeGraph(report, to: folder.path)
        return folder
    }

    // Enabled only where Graphviz is installed, as the example draws the picture only there
    // (elsewhere it says how to install Graphviz, and writes the DOT and Mermaid files alone).
    @Test(
        "--graph draws the example's graph as SVG with Graphviz, registrations and legend",
        .enabled(if: Graphviz.dot != nil, "Graphviz's dot is not on PATH"))
    @MainActor
    func drawsTheSVG() throws {
        let folder = try Self.writeExampleGraph()
        defer { try? FileManager.default.removeItem(at: folder) }

        // The same DOT as the README's picture: this test takes the example's own path.
        let dot = try String(
            contentsOf: folder.appendingPathComponent("keystone-example.dot"), encoding: .utf8)
        let published = try String(
            contentsOf: Corpus.root.appendingPathComponent("Docs/keystone-example.dot"), encoding: .utf8)
        #expect(dot == published)

        let svg = try String(contentsOf: folder.appendingPathComponent("keystone-example.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.contains("<svg"))
        #expect(svg.contains("</svg>"))
        // Registrations the example wires, each a node label's first line.
        for registration in ["NoteService", "InMemoryNoteStore", "NoteListViewModel", "SyncQueue", "BackupService"] {
            #expect(svg.contains(">\(registration)</text>"), "the SVG has no node \(registration)")
        }
        // The legend box and its entries.
        for legend in ["Legend", ".singleton", ".transient", "builds with", "resolves later", "nothing provides it"] {
            #expect(svg.contains(">\(legend)</text>"), "the SVG's legend has no \(legend)")
        }
    }
}
