import Hummingbird
import Keystone

// Two routes that read a note with the same objects, for `notes-load-check`, which measures
// them side by side:
//
//   GET /load-check/hand/notes/{id}    the request's services made with their initialisers
//   GET /load-check/scope/notes/{id}   the request's services resolved in a request scope,
//                                      by the code of RequestScopeMiddleware
//
// Both do what `GET /notes/{id}` does: a RequestInfo with a new request ID, an AuditLog that
// is flushed to the app's trail when the request ends, a NoteService that reads the note from
// the app's store, the X-Request-ID header. They are added to the router before its
// RequestScopeMiddleware, so that neither runs it as a middleware layer: each calls its own
// wiring directly, and the two differ in nothing else.

/// The request's services made by hand, with their initialisers: what the app's container
/// builds in a request scope for ``RequestScopeMiddleware`` and `GET /notes/{id}`, without it.
///
/// The app-wide services are the container's singletons, resolved once when the app is built,
/// so both load-check routes read and write the same store and trail.
struct HandWiredRequests: Sendable {
    let requestIDs: IDGenerator
    let trail: AuditTrail
    let store: any NoteStore
    let noteIDs: IDGenerator
    let configuration: NotesConfiguration

    /// Takes the app-wide services from the app's container.
    init(app: Container) throws {
        requestIDs = try app.tryResolve(name: .requestIDs)
        trail = try app.tryResolve()
        store = try app.tryResolve()
        noteIDs = try app.tryResolve(name: .noteIDs)
        configuration = try app.tryResolve()
    }

    /// Runs `handler` with the request's ``NoteService``, made by hand, and flushes the
    /// request's ``AuditLog`` when the handler returns or throws, as the end of a request scope
    /// does.
    func handle(
        _ request: Request,
        _ handler: (NoteService) async throws -> Response
    ) async throws -> Response {
        let info = RequestInfo(id: requestIDs.next(), method: request.method.rawValue, path: request.uri.path)
        let audit = AuditLog(request: info, trail: trail)
        defer { audit.dispose() }
        return try await respond(as: info, recordingIn: audit) {
            let notes = NoteService(
                request: info,
                audit: audit,
                store: store,
                noteIDs: noteIDs,
                configuration: configuration
            )
            return try await handler(notes)
        }
    }
}

/// Adds the two load-check routes to `router`: call it before the router's
/// ``RequestScopeMiddleware`` is added, which then does not wrap them.
///
/// - Parameters:
///   - router: The app's router.
///   - container: The app's container.
func addLoadCheckRoutes(to router: Router<NotesRequestContext>, container: Container) throws {
    let hand = try HandWiredRequests(app: container)
    let scope = RequestScopeMiddleware(app: container)
    let group = router.group("load-check")
    // GET /load-check/hand/notes/{id} → the note, the request's services made by hand.
    group.get("hand/notes/{id}") { request, context in
        try await hand.handle(request) { notes in
            try await notes.note(id: context.parameters.require("id")).response(from: request, context: context)
        }
    }
    // GET /load-check/scope/notes/{id} → the note, the request's services from its scope.
    group.get("scope/notes/{id}") { request, context in
        try await scope.handle(request, context: context) { request, context in
            let notes: NoteService = try context.resolve()
            return try await notes.note(id: context.parameters.require("id")).response(from: request, context: context)
        }
    }
}
