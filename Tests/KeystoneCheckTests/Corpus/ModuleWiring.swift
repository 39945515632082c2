// Modules: declarations with `get()`, a bound protocol, a scope constant and a name constant;
// one declaration needs a service no module declares.
import Keystone

enum ModuleWiring {
    struct Config: Sendable { var endpoint: String }
    protocol NoteStore: Sendable {}
    final class MemoryStore: NoteStore { init(config: Config) {} }
    final class Session: Sendable { init(store: any NoteStore) {} }
    final class Trail: Sendable { init(label: String) {} }
    final class Sync: Sendable { init(trail: Trail, clock: Clock) {} }
    final class Clock: Sendable {}

    static let storage = Module {
        singleton { Config(endpoint: "https://example.com") }
        singleton { try MemoryStore(config: get()) }
            .bind(NoteStore.self)
        scoped(.login) { try Session(store: get()) }
        singleton(name: .audit) { Trail(label: "audit") }
        transient { try Sync(trail: get(name: .audit), clock: get()) }
    }

    static func makeContainer() throws -> Container {
        let container = Container()
        try container.load(storage)
        return container
    }
}

extension Scope {
    fileprivate static let login = Scope.cached("login")
}

extension Name {
    fileprivate static let audit: Name = "audit"
}
