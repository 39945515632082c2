import Hummingbird
import Keystone

/// The body of `POST /notes`.
struct NewNote: Decodable {
    var text: String
}

extension Note: ResponseEncodable {}

/// Builds the app: the routes, the request-scope middleware and the server settings.
///
/// - Parameters:
///   - container: The app's container, from ``makeAppContainer(configuration:)``.
///   - onServerRunning: Called with the port once the server listens; tests use it to learn
///     the port the system picked.
/// - Returns: The application, to run with `runService()` (or inside a `ServiceGroup`).
func buildApplication(
    container: Container,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let configuration: NotesConfiguration = try container.tryResolve()
    let router = Router(context: NotesRequestContext.self)
    // The load check's pair of routes, which call their wiring themselves (LoadCheckRoutes.swift):
    // a middleware wraps only the routes added after it.
    try addLoadCheckRoutes(to: router, container: container)
    // Every route below, and a request that no route matches, runs in a request scope.
    router.add(middleware: RequestScopeMiddleware(app: container))

    // POST /notes {"text": "…"} → 201 and the note; 400 when the text is empty or too long.
    router.post("notes") { request, context in
        let body = try await request.decode(as: NewNote.self, context: context)
        let notes: NoteService = try context.resolve()
        return try await EditedResponse(status: .created, response: notes.create(text: body.text))
    }
    // GET /notes/{id} → the note; 404 when there is none.
    router.get("notes/{id}") { _, context in
        let notes: NoteService = try context.resolve()
        return try await notes.note(id: context.parameters.require("id"))
    }
    // GET /audit → what every finished request did, oldest first.
    router.get("audit") { _, context in
        let trail: AuditTrail = try context.resolve()
        return trail.records
    }

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) }
    )
}
