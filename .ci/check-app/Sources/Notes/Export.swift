// Exporting, formatting and printing notes.
import Keystone

final class PDFRenderer: Sendable {}

final class ExportJob: Sendable {
    init(renderer: PDFRenderer, store: any NoteStore) {}
}

let exportModule = Module {
    singleton { PDFRenderer() }
    transient { try ExportJob(renderer: get(), store: get()) }
}

struct FormatStyle: Sendable {
    let markdown: Bool
}

final class NoteFormatter: Sendable {
    init(style: FormatStyle) {}
    /// Formats with the sync status of each note.
    init(style: FormatStyle, sync: SyncService) {}
}

/// The printer feeds the spooler, and the spooler hands finished pages back to the printer.
final class Printer: Sendable {
    init(spooler: Spooler) {}
}

final class Spooler: Sendable {
    private let printer: LazyResolver<Printer>
    init(printer: LazyResolver<Printer>) { self.printer = printer }
}

final class ShareSheet: Sendable {
    init(job: ExportJob) {}
}

func registerExport(in container: Container) {
    container.register(scope: .singleton) { _ in FormatStyle(markdown: true) }
    container.register(scope: .singleton) { r in try NoteFormatter(style: r.resolve()) }
    container.register(scope: .singleton) { r in try Printer(spooler: r.resolve()) }
    // Resolved when the first page is done: the lazy resolver breaks the cycle.
    container.register(scope: .singleton) { r in Spooler(printer: LazyResolver(Printer.self, from: r)) }
    container.register(scope: .transient) { r in try ShareSheet(job: r.resolve()) }
}
