// The note keeper's modules: registrations declared together and loaded as one unit. Inside a
// module's factory, `get()` resolves a dependency as part of the resolution in progress.
import Keystone

/// Settings, the note store and its transactions, the sync client and the audit trails.
let storageModule = Module {
    singleton { AppConfig(databaseName: "notes.db", syncEndpoint: "https://sync.example.com") }
    singleton { try InMemoryNoteStore(config: get()) }
        .bind(NoteStore.self)
    transient { try NoteTransaction(store: get()) }
    singleton(SyncClient.self) { try HTTPSyncClient(endpoint: get(AppConfig.self).syncEndpoint) }
    singleton { AuditTrail(label: "app") }
    singleton(name: .audit) { AuditTrail(label: "audit") }
        .then { trail in trail.record("audit trail opened") }
}

/// Who is logged in: the login form and the user's session, which log-out resets.
let accountModule = Module {
    singleton { LoginForm() }
    scoped(.session) { try UserSession(user: get(LoginForm.self).user) }
        .onDispose { session in Console.say("    - (onDispose hook) \(session.user)'s session closed") }
}

/// Exporting: the exporters (a collection, one contribution each) and the backup connection.
let exportModule = Module {
    contribute(NoteExporter.self, scope: .singleton) { MarkdownExporter() }
    contribute(NoteExporter.self, scope: .singleton) { PlainTextExporter() }
    transient { try ExportConnection(config: get()) }
}
