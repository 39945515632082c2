// The services of a small note keeper: a database-like store, a sync client, a user session,
// an audit trail and an editor per note (exporting and notebooks are in their own files).
// They take their dependencies in their initialisers and know nothing of the container,
// except that some adopt `Disposable` to be closed when it lets them go; only `Wiring.swift`
// and `Modules.swift` know how they are put together (and `StatusBar.swift`, whose
// initialiser the container does not call).
import Keystone

/// Where the example prints what happens. It can be muted while `verify()` builds a
/// throw-away copy of everything, so that the story below stays readable.
enum Console {
    private static let state = MuteState()

    static func say(_ line: String) {
        if !state.isMuted { print(line) }
    }

    static func built(_ what: String) { say("    + built \(what)") }

    /// Runs `body` with the console muted.
    static func muted<T>(_ body: () throws -> T) rethrows -> T {
        state.isMuted = true
        defer { state.isMuted = false }
        return try body()
    }
}

/// Whether the console is muted.
final class MuteState: Sendable {
    private let muted = Protected(false)
    var isMuted: Bool {
        get { muted.withLock { $0 } }
        set { muted.withLock { $0 = newValue } }
    }
}

/// Settings read once at start-up. A value type: shared as a singleton, copied on resolve.
struct AppConfig: Sendable {
    let databaseName: String
    let syncEndpoint: String
}

/// One note.
struct Note: Sendable, Equatable {
    let id: Int
    var text: String
    var notebook = "Inbox"
}

/// The persistence layer.
protocol NoteStore: AnyObject, Sendable {
    func save(_ note: Note)
    func note(id: Int) -> Note?
    var count: Int { get }
    /// Every note, by id.
    var all: [Note] { get }
}

/// A store that keeps notes in memory, as a real database would keep them on disk. It is
/// closed when the container lets go of it.
final class InMemoryNoteStore: NoteStore, Disposable, Sendable {
    private let notes = Protected([Int: Note]())
    let name: String

    init(config: AppConfig) {
        name = config.databaseName
        Console.built("InMemoryNoteStore(\"\(name)\")")
    }

    func save(_ note: Note) { notes.withLock { $0[note.id] = note } }
    func note(id: Int) -> Note? { notes.withLock { $0[id] } }
    var count: Int { notes.withLock { $0.count } }
    var all: [Note] { notes.withLock { $0.values.sorted { $0.id < $1.id } } }

    func dispose() { Console.say("    - closed the store \"\(name)\" with \(count) notes") }
}

/// Pushes notes to a server.
protocol SyncClient: Sendable {
    func push(_ note: Note, as user: String) -> String
}

/// The sync client used in production (here it only describes what it would send).
struct HTTPSyncClient: SyncClient {
    let endpoint: String
    func push(_ note: Note, as user: String) -> String {
        "POST \(endpoint)/users/\(user)/notes/\(note.id)"
    }
}

/// A sync client that keeps everything local, for dry runs.
struct OfflineSyncClient: SyncClient {
    func push(_ note: Note, as user: String) -> String { "queued note \(note.id) for \(user) (offline)" }
}

/// Notes waiting to be pushed. Opening it is asynchronous (a real one would reopen its
/// journal on disk), so it is registered with an `async` factory and resolved with
/// `resolveAsync`; it is flushed when the container lets it go.
final class SyncQueue: Disposable, Sendable {
    private let pending = Protected([Note]())
    let client: SyncClient

    private init(client: SyncClient) {
        self.client = client
        Console.built("SyncQueue (opened asynchronously)")
    }

    /// Opens the queue, suspending as a real journal's file access would.
    static func open(client: SyncClient) async -> SyncQueue {
        await Task.yield()
        return SyncQueue(client: client)
    }

    func enqueue(_ note: Note) {
        pending.withLock { $0.append(note) }
        Console.say("    queued note \(note.id) for the next sync")
    }

    func dispose() {
        let notes = pending.withLock { $0 }
        Console.say("    - flushed the sync queue: \(notes.map { "note \($0.id)" }.joined(separator: ", "))")
    }
}

/// Records what users did. Registered twice: the default trail and a named `"audit"` one.
final class AuditTrail: Sendable {
    let label: String
    init(label: String) {
        self.label = label
        Console.built("AuditTrail(\"\(label)\")")
    }
    func record(_ event: String) { Console.say("    [\(label)] \(event)") }
}

/// Who is logged in. Lives until log-out resets the session scope.
final class UserSession: Disposable, Sendable {
    let user: String
    init(user: String) {
        self.user = user
        Console.built("UserSession(\"\(user)\")")
    }
    func dispose() { Console.say("    - ended the session of \(user)") }
}

/// Who logs in next; the login screen sets it.
final class LoginForm: Sendable {
    private let pending = Protected("nobody")
    var user: String {
        get { pending.withLock { $0 } }
        set { pending.withLock { $0 = newValue } }
    }
}

/// An id shared by everything built in one resolution (`.graph` scope), so that the audit
/// entries of one operation can be correlated.
final class OperationTrace: Sendable {
    let id: Int
    init(id: Int) {
        self.id = id
        Console.built("OperationTrace(#\(id))")
    }
}

/// Shows whether the note list is on screen; shared while a screen holds it (`.weak`).
/// The note list's view model. UI state lives on the main actor, so the model is `@MainActor`
/// and is registered with `registerMainActor`: its factory runs there, and main-actor code
/// resolves it with no `await`.
@MainActor
final class NoteListViewModel {
    let store: any NoteStore
    private(set) var rows: [String] = []

    init(store: any NoteStore) {
        self.store = store
        Console.built("NoteListViewModel")
    }

    func refresh() {
        rows = store.all.map { "\($0.id). \($0.text)" }
    }
}

final class NoteListScreen: Sendable {
    let service: NoteService
    init(service: NoteService) {
        self.service = service
        Console.built("NoteListScreen")
    }
}

/// What the app does with notes.
final class NoteService: Sendable {
    let store: NoteStore
    let session: UserSession
    let sync: SyncClient
    let audit: AuditTrail
    let trace: OperationTrace

    init(store: NoteStore, session: UserSession, sync: SyncClient, audit: AuditTrail, trace: OperationTrace) {
        self.store = store
        self.session = session
        self.sync = sync
        self.audit = audit
        self.trace = trace
        Console.built("NoteService for \(session.user) (trace #\(trace.id))")
    }

    func add(_ text: String) -> Note {
        let note = Note(id: store.count + 1, text: text)
        store.save(note)
        audit.record("\(session.user) added note \(note.id) (trace #\(trace.id))")
        Console.say("    " + sync.push(note, as: session.user))
        return note
    }
}

/// Edits one note: built per note with runtime arguments.
final class NoteEditor: Sendable {
    let note: Note
    let readOnly: Bool
    let service: NoteService

    /// An editor for the stored note `noteID`; throws if there is none.
    convenience init(service: NoteService, noteID: Int, readOnly: Bool) throws {
        guard let note = service.store.note(id: noteID) else { throw MissingNote(id: noteID) }
        self.init(service: service, note: note, readOnly: readOnly)
    }

    init(service: NoteService, note: Note, readOnly: Bool) {
        self.note = note
        self.readOnly = readOnly
        self.service = service
        Console.built("NoteEditor(note \(note.id), readOnly: \(readOnly))")
    }
}

/// Thrown by `NoteEditor` for a note that does not exist.
struct MissingNote: Error, CustomStringConvertible {
    let id: Int
    var description: String { "there is no note \(id)" }
}
