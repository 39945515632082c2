// Organising notes: moving them between notebooks in one transaction, and searching them.
import Keystone

/// One store transaction: moves are staged, then committed together or not at all. Each
/// transaction is a new instance, released (and so closed) when its action ends.
final class NoteTransaction: Sendable {
    /// The staged moves, and whether they were committed.
    private let state = Protected((staged: [Note](), committed: false))
    let store: NoteStore

    init(store: NoteStore) {
        self.store = store
        Console.built("NoteTransaction")
    }

    /// Stages moving note `id` to `notebook`; throws if there is no such note.
    func move(_ id: Int, to notebook: String) throws {
        guard var note = store.note(id: id) else { throw MissingNote(id: id) }
        note.notebook = notebook
        state.withLock { $0.staged.append(note) }
    }

    /// Saves every staged move.
    func commit() {
        state.withLock { state in
            for note in state.staged { store.save(note) }
            state.committed = true
        }
    }

    deinit {
        let (count, done) = state.withLock { ($0.staged.count, $0.committed) }
        let moves = count == 1 ? "1 move" : "\(count) moves"
        Console.say("    - closed the transaction: " + (done ? "committed \(moves)" : "rolled back \(moves)"))
    }
}

/// Moves notes between notebooks, each batch in a transaction of its own that nobody else
/// sees and that is closed when the batch ends, also when it fails.
final class NotebookOrganizer: Sendable {
    let transactions: IsolatedResolver<NoteTransaction>

    init(transactions: IsolatedResolver<NoteTransaction>) {
        self.transactions = transactions
        Console.built("NotebookOrganizer")
    }

    /// Moves the notes `ids` to `notebook`, all or none.
    func move(_ ids: [Int], to notebook: String) throws {
        try transactions.resolve { transaction in
            for id in ids { try transaction.move(id, to: notebook) }
            transaction.commit()
        }
    }
}

/// Finds the logged-in user's notes by text. Its initialiser takes only services, so it is
/// registered with `autoregister(NoteSearch.init)`: the container resolves every parameter.
struct NoteSearch: Sendable {
    let store: NoteStore
    let session: UserSession

    init(store: NoteStore, session: UserSession) {
        self.store = store
        self.session = session
        Console.built("NoteSearch for \(session.user)")
    }

    func find(_ text: String) -> [Note] {
        store.all.filter { $0.text.lowercased().contains(text.lowercased()) }
    }
}
