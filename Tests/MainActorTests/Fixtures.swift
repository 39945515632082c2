import Keystone

/// A note store, built anywhere: a plain `Sendable` service.
protocol NoteStore: Sendable {
    func titles() -> [String]
}

struct MemoryStore: NoteStore {
    let notes: [String]
    func titles() -> [String] { notes }
}

/// Counts what a factory made. Main-actor state, so that a main-actor factory may count and
/// a test may read the count with `await`; one per test, so that parallel tests don't mix.
@MainActor
final class Tally {
    private(set) var count = 0
    func add() { count += 1 }
}

/// What a screen talks to: main-actor, like the screen.
@MainActor
protocol NotesPresenting: AnyObject {
    var titles: [String] { get }
    func load()
}

@MainActor
final class Router {
    private(set) var shown: [String] = []
    func show(_ title: String) { shown.append(title) }
}

/// The view model under test: `@MainActor`, with a main-actor initialiser, state and methods.
@MainActor
final class NotesViewModel: NotesPresenting {
    let store: any NoteStore
    private(set) var titles: [String] = []
    var router: Router?

    init(store: any NoteStore, tally: Tally? = nil) {
        self.store = store
        tally?.add()
    }

    func load() { titles = store.titles() }

    func open(_ index: Int) { router?.show(titles[index]) }
}

/// A main-actor view model that takes a runtime argument.
@MainActor
final class DetailViewModel {
    let title: String
    let store: any NoteStore
    init(title: String, store: any NoteStore) {
        self.title = title
        self.store = store
    }
}

/// A nonisolated service that depends on the view model: it holds it and reaches it with
/// `await`.
final class Coordinator: Sendable {
    let model: NotesViewModel
    init(model: NotesViewModel) { self.model = model }
}

/// An async service that depends on the view model.
final class Screen: Sendable {
    let model: NotesViewModel
    init(model: NotesViewModel) async { self.model = model }
}

/// The container every test starts from; `tally` counts the view models it makes.
func makeContainer(scope: Scope = .singleton, tally: Tally? = nil) -> Container {
    let container = Container()
    container.register(NoteStore.self, scope: .singleton) { _ in MemoryStore(notes: ["Groceries", "Ideas"]) }
    container.registerMainActor(scope: scope) { r in NotesViewModel(store: try r.resolve(), tally: tally) }
    container.registerMainActor(scope: .singleton) { _ in Router() }
    return container
}
