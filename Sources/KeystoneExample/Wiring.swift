import Keystone

extension Scope {
    /// Everything that belongs to the logged-in user; reset on log-out.
    static let session = Scope.cached("session")
}

extension Name {
    /// The audit trail that compliance reads.
    static let audit: Name = "audit"
}

/// The composition root: the one place that knows how the note keeper is put together.
func makeContainer() -> Container {
    let container = Container()
    let traces = TraceCounter()

    container.register(scope: .singleton) { _ in
        AppConfig(databaseName: "notes.db", syncEndpoint: "https://sync.example.com")
    }
    container.register(InMemoryNoteStore.self, scope: .singleton) { r in
        try InMemoryNoteStore(config: r.resolve())
    }
    .bind(NoteStore.self)
    container.register(SyncClient.self, scope: .singleton) { r in
        let config: AppConfig = try r.resolve()
        return HTTPSyncClient(endpoint: config.syncEndpoint)
    }
    container.register(scope: .singleton) { _ in AuditTrail(label: "app") }
    container.register(name: .audit, scope: .singleton) { _ in AuditTrail(label: "audit") }
        .then { _, trail in trail.record("audit trail opened") }
    container.register(scope: .singleton) { _ in LoginForm() }
    container.register(scope: .session) { r in
        let form: LoginForm = try r.resolve()
        return UserSession(user: form.user)
    }
    .onDispose { session in Console.say("    - (onDispose hook) \(session.user) logged out") }
    container.register { _ in OperationTrace(id: traces.next()) }  // `.graph`, the default
    container.register(factory: makeNoteService)
    container.register(scope: .weak) { r in try NoteListScreen(service: r.resolve()) }
    container.register(scope: .transient) { (r, noteID: Int, readOnly: Bool) in
        try NoteEditor(service: r.resolve(), noteID: noteID, readOnly: readOnly)
    }
    // Verification's store is empty, so it checks the editor's wiring with a sample note.
    .verify(because: "edits a note that must exist") { r in
        try NoteEditor(service: r.resolve(), note: Note(id: 0, text: "sample"), readOnly: true)
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
final class TraceCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `value`.
    private let lock = ExampleLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
