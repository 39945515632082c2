import Keystone

extension Scope {
    /// Everything that belongs to the logged-in user; reset on log-out.
    static let session = Scope.cached("session")
}

extension Name {
    /// The audit trail that compliance reads.
    static let audit: Name = "audit"
}

/// The composition root: the one place that knows how the note keeper is put together. The
/// services that need no resolver of their own come from the modules (`Modules.swift`); the
/// rest are registered here.
func makeContainer() throws -> Container {
    let container = Container()
    let traces = TraceCounter()

    try container.load(storageModule, accountModule, exportModule)
    container.register { _ in OperationTrace(id: traces.next()) }  // `.graph`, the default
    container.register(factory: makeNoteService)
    container.register(scope: .weak) { r in try NoteListScreen(service: r.resolve()) }
    container.registerMainActor(scope: .singleton) { r in NoteListViewModel(store: try r.resolve()) }
    container.register(scope: .transient) { (r, noteID: Int, readOnly: Bool) in
        try NoteEditor(service: r.resolve(), noteID: noteID, readOnly: readOnly)
    }
    // Verification's store is empty, so it checks the editor's wiring with a sample note.
    .verify(because: "edits a note that must exist") { r in
        try NoteEditor(service: r.resolve(), note: Note(id: 0, text: "sample"), readOnly: true)
    }
    // The backup keeps a lazy resolver for its connection: nothing is opened until it runs.
    container.register(scope: .singleton) { r in
        try BackupService(store: r.resolve(), exporters: r.resolveAll(), connection: LazyResolver(from: r))
    }
    // Every batch of moves gets a transaction of its own, closed when the batch ends.
    container.register(scope: .singleton) { r in
        NotebookOrganizer(transactions: IsolatedResolver(LazyResolver(from: r)))
    }
    container.autoregister(NoteSearch.init)
    container.register(scope: .singleton) { r in
        await SyncQueue.open(client: try await r.resolve())
    }
    return container
}

/// Builds a `NoteService` from whatever the resolving container provides.
@Sendable func makeNoteService(_ r: Resolver) throws -> NoteService {
    try NoteService(
        store: r.resolve(),
        session: r.resolve(),
        sync: r.resolve(),
        audit: r.resolve(name: .audit),
        trace: r.resolve()
    )
}

/// Numbers the operation traces.
final class TraceCounter: Sendable {
    private let value = Protected(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
