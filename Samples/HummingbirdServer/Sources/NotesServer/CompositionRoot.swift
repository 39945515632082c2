import Keystone

// The composition root: the one place that knows how the app is put together.
//
//   root container (one, for the app's life)        request container (one per request)
//   ├─ NotesConfiguration      .singleton           ├─ RequestInfo   .request
//   ├─ IDGenerator "requestIDs" .singleton          ├─ AuditLog      .request  (Disposable)
//   ├─ IDGenerator "noteIDs"   .singleton           └─ NoteService   .graph
//   ├─ any NoteStore           .singleton
//   └─ AuditTrail              .singleton
//
// A request container is `Container(parent: root)`: it finds the app-wide singletons in its
// parent and keeps its own instances itself. Disposing it at the end of the request disposes
// what it holds (the AuditLog) and leaves the root untouched.

extension Scope {
    /// One instance per request container; ends when the request's container is disposed.
    static let request = Scope.cached("request")
}

extension Name {
    /// The generator of request IDs (`req-1`, …).
    static let requestIDs: Name = "requestIDs"
    /// The generator of note IDs (`note-1`, …).
    static let noteIDs: Name = "noteIDs"
}

/// Builds the root container with the app-wide services.
///
/// Tests call this, then register replacements (another store, say) before the app starts.
func makeAppContainer(configuration: NotesConfiguration = NotesConfiguration()) -> Container {
    let app = Container()
    app.register(NotesConfiguration.self, scope: .singleton) { _ in configuration }
    app.register(IDGenerator.self, name: .requestIDs, scope: .singleton) { _ in IDGenerator(prefix: "req") }
    app.register(IDGenerator.self, name: .noteIDs, scope: .singleton) { _ in IDGenerator(prefix: "note") }
    app.register((any NoteStore).self, scope: .singleton) { _ in InMemoryNoteStore() }
    app.register(AuditTrail.self, scope: .singleton) { _ in AuditTrail() }
    return app
}

/// Builds the container of one request: a child of `app` with the request-scoped services.
///
/// They are registered here, in the child, rather than once in the root, because a
/// registration found in a parent is built by the parent: a `NoteService` registered in the
/// root could not see this request's `RequestInfo`, and an `AuditLog` registered there would be
/// held by the root, shared by every request.
///
/// - Parameters:
///   - app: The root container.
///   - method: The request's HTTP method.
///   - path: The request's path.
/// - Returns: The request's container. Whoever creates it disposes it when the request ends.
func makeRequestContainer(parent app: Container, method: String, path: String) -> Container {
    let request = Container(parent: app)
    request.register(RequestInfo.self, scope: .request) { r in
        let ids: IDGenerator = try r.resolve(name: .requestIDs)
        return RequestInfo(id: ids.next(), method: method, path: path)
    }
    request.register(AuditLog.self, scope: .request) { r in
        try AuditLog(request: r.resolve(), trail: r.resolve())
    }
    request.register(NoteService.self) { r in
        try NoteService(
            request: r.resolve(),
            audit: r.resolve(),
            store: r.resolve(),
            noteIDs: r.resolve(name: .noteIDs),
            configuration: r.resolve()
        )
    }
    return request
}
