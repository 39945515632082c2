import Keystone

// The composition root: the one place that knows how the app is put together.
//
//   app container (one, for the app's life)
//   ├─ NotesConfiguration          .singleton
//   ├─ IDGenerator "requestIDs"    .singleton
//   ├─ IDGenerator "noteIDs"       .singleton
//   ├─ any NoteStore               .singleton
//   ├─ AuditTrail                  .singleton
//   │
//   │  declared here once, built in each request's RequestScope:
//   ├─ RequestInfo                 request value (RequestScopeMiddleware provides it)
//   ├─ AuditLog                    .request  (Disposable: flushed when the request ends)
//   └─ NoteService                 .graph    (this request's RequestInfo and AuditLog,
//                                             the app's store, IDs and configuration)
//
// Nothing is registered per request. RequestScopeMiddleware begins a request scope for each
// request, providing its RequestInfo, and ends it when the handler returns or throws: the
// request's AuditLog is disposed then, and the app's singletons are untouched.

extension Name {
    /// The generator of request IDs (`req-1`, …).
    static let requestIDs: Name = "requestIDs"
    /// The generator of note IDs (`note-1`, …).
    static let noteIDs: Name = "noteIDs"
}

/// Builds the app's container: the app-wide services, and the services of one request,
/// declared once and built in each request's scope.
///
/// Tests call this, then register replacements (another store, say) before the app starts.
func makeAppContainer(configuration: NotesConfiguration = NotesConfiguration()) -> Container {
    let app = Container()
    app.register(NotesConfiguration.self, scope: .singleton) { _ in configuration }
    app.register(IDGenerator.self, name: .requestIDs, scope: .singleton) { _ in IDGenerator(prefix: "req") }
    app.register(IDGenerator.self, name: .noteIDs, scope: .singleton) { _ in IDGenerator(prefix: "note") }
    app.register((any NoteStore).self, scope: .singleton) { _ in InMemoryNoteStore() }
    app.register(AuditTrail.self, scope: .singleton) { _ in AuditTrail() }

    // One request's services. A `.request` service is built once per request scope, on first
    // use, and disposed when the scope ends; outside a request scope it cannot be resolved.
    app.registerRequestValue(RequestInfo.self)
    app.register(AuditLog.self, scope: .request) { r in
        try AuditLog(request: r.resolve(), trail: r.resolve())
    }
    app.register(NoteService.self) { r in
        try NoteService(
            request: r.resolve(),
            audit: r.resolve(),
            store: r.resolve(),
            noteIDs: r.resolve(name: .noteIDs),
            configuration: r.resolve()
        )
    }
    return app
}
