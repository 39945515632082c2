// Seeded defects: a dependency nothing registers, one registered under another name only, and
// a resolve with arguments no registration takes.
import Keystone

enum MissingDependencies {
    final class API: Sendable {}
    final class Store: Sendable { init(api: API) {} }
    final class Logger: Sendable {}
    final class Billing: Sendable { init(log: Logger) {} }
    final class Editor: Sendable { init(title: String) {} }
    final class Screen: Sendable { init(editor: Editor) {} }
    final class Home: Sendable { init(store: Store) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register { r in try Store(api: r.resolve()) }
        container.register(name: "audit") { _ in Logger() }
        container.register { r in try Billing(log: r.resolve(name: "metrics")) }
        container.register { (_, title: String) in Editor(title: title) }
        container.register { r in try Screen(editor: r.resolve(arguments: 7)) }
        container.register { r in try Home(store: r.resolve()) }
        return container
    }
}
