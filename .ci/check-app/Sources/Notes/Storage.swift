// The note store, the clock and the audit trails, declared as a module.
import Keystone

struct AppConfig: Sendable {
    let databaseName: String
    let syncEndpoint: String
}

protocol NoteStore: Sendable {
    func titles() -> [String]
}

final class SQLiteNoteStore: NoteStore {
    private let path: String
    init(config: AppConfig) { path = config.databaseName }
    func titles() -> [String] { ["Groceries", "Ideas", path] }
}

final class InMemoryNoteStore: NoteStore {
    private let notes: [String]
    init(notes: [String]) { self.notes = notes }
    func titles() -> [String] { notes }
}

protocol Clock: Sendable {
    func now() -> Int
}

final class SystemClock: Clock {
    func now() -> Int { 1_700_000_000 }
}

final class FixedClock: Clock {
    func now() -> Int { 0 }
}

final class WriteAheadLog: Sendable {}

final class NoteTransaction: Sendable {
    init(store: any NoteStore, log: WriteAheadLog) {}
}

final class AuditTrail: Sendable {
    let label: String
    init(label: String) { self.label = label }
    func record(_ event: String) { _ = event }
}

final class UserSession: Sendable {
    let user: String
    init(user: String, store: any NoteStore) { self.user = user }
}

let storageModule = Module {
    singleton { AppConfig(databaseName: "notes.db", syncEndpoint: "https://sync.example.com") }
    singleton { try SQLiteNoteStore(config: get()) }
        .bind(NoteStore.self)
    singleton { SystemClock() }
        .bind(Clock.self)
    singleton { WriteAheadLog() }
    transient { try NoteTransaction(store: get(), log: get()) }
    singleton(name: .audit) { AuditTrail(label: "audit") }
    singleton { AuditTrail(label: "app") }
    scoped(.session) { try UserSession(user: "alice", store: get()) }
}
