import Synchronization

// The services that live as long as the app: one instance each, shared by every request.
// They are registered as `.singleton` in the root container (see CompositionRoot.swift).

/// A note, as stored and as sent over the wire.
struct Note: Codable, Equatable, Sendable {
    /// Given by the app-wide note ID generator: `note-1`, `note-2`, …
    var id: String
    /// What the note says.
    var text: String
    /// The ID of the request that created the note.
    var createdBy: String
}

/// The settings the app starts with.
struct NotesConfiguration: Sendable {
    /// The address to listen on. Loopback by default, so that a sample never listens on a network.
    var host = "127.0.0.1"
    /// The port to listen on; 0 lets the system pick a free one (as the tests do).
    var port = 8080
    /// The longest note the app accepts, in characters.
    var maxNoteLength = 280
}

/// Hands out IDs with a prefix and a counter: `req-1`, `req-2`, … Safe to share between requests.
final class IDGenerator: Sendable {
    private let prefix: String
    private let counter = Mutex(0)

    init(prefix: String) {
        self.prefix = prefix
    }

    /// The next ID; never the same twice.
    func next() -> String {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        return "\(prefix)-\(number)"
    }
}

/// Where notes are kept. A protocol so that tests can wrap or replace the store by registering
/// another one in the container.
protocol NoteStore: Sendable {
    /// Stores a new note.
    func insert(_ note: Note) async throws
    /// The note with `id`, if there is one.
    func note(id: String) async -> Note?
    /// Every note, oldest first.
    func all() async -> [Note]
}

/// A store that keeps notes in memory: the app's stand-in for a database.
actor InMemoryNoteStore: NoteStore {
    private var notes: [Note] = []

    func insert(_ note: Note) {
        notes.append(note)
    }

    func note(id: String) -> Note? {
        notes.first { $0.id == id }
    }

    func all() -> [Note] {
        notes
    }
}

/// What one request did, as its ``AuditLog`` wrote it down when the request ended.
struct AuditRecord: Codable, Equatable, Sendable {
    /// The ID of the request.
    var requestID: String
    /// The method and path, such as `POST /notes`.
    var request: String
    /// What happened, in order; the last entry is the response status.
    var entries: [String]
}

/// The app-wide sink that every request's ``AuditLog`` is flushed into when the request ends.
///
/// A real app would write these to a file or a database; here they stay in memory, and
/// `GET /audit` shows them.
final class AuditTrail: Sendable {
    private let storage = Mutex<[AuditRecord]>([])

    /// Adds the record of a finished request.
    func append(_ record: AuditRecord) {
        storage.withLock { $0.append(record) }
    }

    /// Every record so far, oldest first.
    var records: [AuditRecord] {
        storage.withLock { $0 }
    }
}
