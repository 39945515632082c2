// Only what runs, each container its own graph: a module nothing loads and a helper nothing
// calls provide nothing (so `Share` and `Session` miss what they would register); a child
// reads its parent; a preview container registers the same `Clock` as a singleton, which
// neither hides nor excuses the app's transient one that a singleton `Ticker` keeps.
import Keystone

enum LiveGraph {
    final class Clock: Sendable {}
    final class Ticker: Sendable { init(clock: Clock) {} }
    final class Exporter: Sendable {}
    final class Share: Sendable { init(exporter: Exporter, clock: Clock) {} }
    final class Token: Sendable {}
    final class Session: Sendable { init(token: Token, clock: Clock) {} }

    static let exporting = Module {
        singleton { Exporter() }
    }

    static func registerToken(in container: Container) {
        container.register { _ in Token() }
    }

    static func registerTicker(in container: Container) {
        container.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
    }

    static func makeContainers() -> [Container] {
        let app = Container()
        app.register(scope: .transient) { _ in Clock() }
        app.register { r in try Share(exporter: r.resolve(), clock: r.resolve()) }
        registerTicker(in: app)
        let child = Container(parent: app)
        child.register { r in try Session(token: r.resolve(), clock: r.resolve()) }
        return [app, child, makePreview()]
    }

    static func makePreview() -> Container {
        let preview = Container()
        preview.register(scope: .singleton) { _ in Clock() }
        registerTicker(in: preview)
        return preview
    }
}
