import Hummingbird
import Keystone
import Synchronization

// The services that live for one request. They are declared once, on the app's container (see
// CompositionRoot.swift), and each request's scope builds its own, so no two requests share them.

/// Who is asking: the request's own ID and what it asked for.
///
/// A request value: ``RequestScopeMiddleware`` makes one per request and begins the request's
/// scope with it, and the request's services resolve it from there.
struct RequestInfo: Sendable {
    /// Unique across the app's life: `req-1`, `req-2`, … Sent back in the `X-Request-ID` header.
    var id: String
    /// The HTTP method, such as `POST`.
    var method: String
    /// The path, such as `/notes`.
    var path: String
}

/// The request's unit of work: what the request did, written to the app's ``AuditTrail`` in one
/// piece when the request ends.
///
/// It is `.request` and `Disposable`: each request gets its own, and the request's scope calls
/// ``dispose()`` when it ends, whether the handler returned or threw; that is when the log is
/// flushed.
final class AuditLog: Disposable, Sendable {
    private let request: RequestInfo
    private let trail: AuditTrail
    private let entries = Mutex<[String]>([])

    init(request: RequestInfo, trail: AuditTrail) {
        self.request = request
        self.trail = trail
    }

    /// Notes down one thing the request did.
    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Flushes the entries to the app-wide trail. Called once, when the request's scope ends.
    func dispose() {
        let entries = entries.withLock { $0 }
        trail.append(
            AuditRecord(requestID: request.id, request: "\(request.method) \(request.path)", entries: entries)
        )
    }
}

/// The notes use cases, as one request sees them: it mixes request-scoped services (who is
/// asking, the audit log) with app-wide ones (the store, the IDs, the configuration), so it
/// can only be resolved in a request scope.
struct NoteService: Sendable {
    let request: RequestInfo
    let audit: AuditLog
    let store: any NoteStore
    let noteIDs: IDGenerator
    let configuration: NotesConfiguration

    /// Creates a note, or throws a 400 for an empty or too long text.
    func create(text: String) async throws -> Note {
        audit.record("create \(text.count) characters")
        guard !text.isEmpty, text.count <= configuration.maxNoteLength else {
            audit.record("rejected")
            throw HTTPError(.badRequest, message: "A note needs 1 to \(configuration.maxNoteLength) characters.")
        }
        let note = Note(id: noteIDs.next(), text: text, createdBy: request.id)
        try await store.insert(note)
        audit.record("stored \(note.id)")
        return note
    }

    /// The note with `id`, or a 404.
    func note(id: String) async throws -> Note {
        audit.record("read \(id)")
        guard let note = await store.note(id: id) else {
            throw HTTPError(.notFound, message: "No note \(id).")
        }
        return note
    }
}
