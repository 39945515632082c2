// The screens and what they show.
import Keystone

final class NoteService: Sendable {
    private let store: any NoteStore
    init(store: any NoteStore, audit: AuditTrail, clock: any Clock) { self.store = store }
    func titles() -> [String] { store.titles() }
}

@MainActor
final class NoteListViewModel {
    private let service: NoteService
    private(set) var titles: [String] = []
    init(service: NoteService) { self.service = service }
    func reload() { titles = service.titles() }
}

/// Made by a factory, but reads its dependencies from `Container.shared`, as a screen that a
/// storyboard instantiates would.
final class SettingsScreen {
    @Injected var store: any NoteStore
    @Injected(name: .audit) var audit: AuditTrail
    init() {}
}

final class AvatarCache: Sendable {
    init(session: UserSession) {}
}

final class CrashReporter: Sendable {}

final class FeedbackForm: Sendable {
    init(session: UserSession, crashes: CrashReporter?) {}
}

final class SearchIndex: Sendable {}

final class NoteSearch: Sendable {
    init(store: any NoteStore, index: SearchIndex) {}
}

func registerScreens(in container: Container) {
    container.register { r in
        try NoteService(
            store: r.resolve(),
            audit: r.resolve(name: .audit),
            clock: r.resolve()
        )
    }
    container.registerMainActor { r in NoteListViewModel(service: try r.resolve()) }
    container.register(scope: .transient) { _ in SettingsScreen() }
    container.register(scope: .session) { r in try AvatarCache(session: r.resolve()) }
    // Release builds have no crash reporter yet: the form works without one.
    container.register(scope: .transient) { r in try FeedbackForm(session: r.resolve(), crashes: try? r.resolve()) }
    container.register(scope: .singleton) { _ in SearchIndex() }
    container.autoregister(NoteSearch.init)
}
