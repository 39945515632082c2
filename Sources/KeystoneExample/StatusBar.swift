// The status bar: a type the UI framework creates, not the container, so it cannot take its
// dependencies in its initialiser. It takes them with property wrappers, which resolve from
// `Container.shared` (bound to the app's container with `Container.withShared`).
import Keystone

/// Shows who is logged in and how many notes there are, and offers "Back up now".
final class StatusBar {
    @Injected var store: NoteStore
    @InjectedProperty(\UserSession.user) var user: String
    @InjectedProperty(\AppConfig.databaseName) var database: String
    @LazyInjected var backup: BackupService

    init() {
        Console.built("StatusBar (by the UI framework: wrappers resolved, no initialiser arguments)")
    }

    var text: String { "\(user) · \(store.count) notes in \(database)" }

    /// The "Back up now" menu item; the backup service is resolved the first time it is used.
    func backUpNow() throws {
        try backup.backUp()
    }
}
