// Editing a note, and settling what sync could not merge.
import Keystone

final class ConflictResolver: Sendable {
    init(formatter: NoteFormatter) {}
}

final class NoteEditor: Sendable {
    let id: Int
    init(id: Int, transaction: NoteTransaction, session: UserSession) { self.id = id }
}

/// The first note a new user sees.
final class WelcomeScreen: Sendable {
    init(editor: NoteEditor) {}
}

func registerEditing(in container: Container) {
    container.register(scope: .singleton) { r in try ConflictResolver(formatter: r.resolve()) }
    container.register(scope: .transient) { (r, id: Int) in
        try NoteEditor(id: id, transaction: r.resolve(), session: r.resolve())
    }
    container.register(scope: .transient) { r in try WelcomeScreen(editor: r.resolve(arguments: 42)) }
}
