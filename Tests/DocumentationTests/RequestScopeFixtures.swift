import Keystone

// The types the request scope examples of the README and the Scopes article name.

struct RequestID: Sendable, Equatable {
    let value: String
    init(_ value: String) { self.value = value }
}
struct User: Sendable {
    let name: String
}
final class NoteDatabase: Sendable {
    let notes: [String] = []
}
/// What a request did, flushed when it ends.
final class RequestLog: Disposable, Sendable {
    let id: RequestID
    init(id: RequestID) { self.id = id }
    func dispose() {}
}
final class NotesHandler: Sendable {
    let database: NoteDatabase
    let log: RequestLog
    init(database: NoteDatabase, log: RequestLog) {
        self.database = database
        self.log = log
    }
    func list() -> [String] { ["\(log.id.value): \(database.notes.count) notes"] }
}
