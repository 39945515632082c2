// Exporting notes: the exporters are a collection (each one contributed on its own, all used
// together), and the backup opens its export connection only while it runs.
import Keystone

/// Turns a note into one file format. Every exporter is contributed to the collection of
/// `NoteExporter`; the backup writes each note in every format.
protocol NoteExporter: Sendable {
    var format: String { get }
    func fileName(for note: Note) -> String
}

/// Exports a note as Markdown.
struct MarkdownExporter: NoteExporter {
    let format = "Markdown"
    func fileName(for note: Note) -> String { "\(note.notebook)/note-\(note.id).md" }
}

/// Exports a note as plain text.
struct PlainTextExporter: NoteExporter {
    let format = "plain text"
    func fileName(for note: Note) -> String { "\(note.notebook)/note-\(note.id).txt" }
}

/// A connection to the backup server: expensive, so it is opened only while a backup runs
/// and closed as soon as the last reference to it goes.
final class ExportConnection: Sendable {
    private let written = Protected(0)
    let address: String

    init(config: AppConfig) {
        address = "backup://\(config.databaseName)"
        Console.built("ExportConnection to \(address)")
    }

    func write(_ file: String) {
        written.withLock { $0 += 1 }
    }

    deinit {
        Console.say("    - closed the export connection to \(address) after \(written.withLock { $0 }) files")
    }
}

/// Backs up every note in every export format. Holds its connection lazily: none is open
/// until `backUp()` runs, and none is left open after.
final class BackupService: Sendable {
    let store: NoteStore
    let exporters: [NoteExporter]
    let connection: LazyResolver<ExportConnection>

    init(store: NoteStore, exporters: [NoteExporter], connection: LazyResolver<ExportConnection>) {
        self.store = store
        self.exporters = exporters
        self.connection = connection
        Console.built("BackupService with exporters: \(exporters.map(\.format).joined(separator: ", "))")
    }

    /// Whether the export connection is open now.
    var isConnected: Bool { connection.object != nil }

    /// Writes every note in every format, then closes the connection.
    func backUp() throws {
        let target = try connection.resolve()
        defer { connection.dispose() }
        Console.say("    connection open while exporting: \(isConnected)")
        let notes = store.all
        for exporter in exporters {
            for note in notes { target.write(exporter.fileName(for: note)) }
            Console.say(
                "    wrote \(notes.count) notes as \(exporter.format), e.g. \(notes.first.map(exporter.fileName) ?? "-")"
            )
        }
    }
}
