// Valid wiring in shapes the check once misread: a generic helper that registers every
// instantiation, optional resolves (`try?`, `do`/`catch`), types nested in namespaces (one
// simple name twice), name constants of one name in two types, and a container made with a
// default scope inside a function. It builds, `verify()` finds nothing, and the check reports
// no error.
import Keystone

enum ValidShapes {
    protocol Entity: Sendable {}
    struct Article: Entity {}
    struct Comment: Entity {}
    final class Store: Sendable {}
    final class Repository<E: Entity>: Sendable { init(store: Store) {} }
    final class Feed: Sendable { init(articles: Repository<Article>, comments: Repository<Comment>) {} }

    final class Analytics: Sendable {}
    final class Crashes: Sendable {}
    final class BookmarkStore: Sendable { init(store: Store, analytics: Analytics?, crashes: Crashes?) {} }

    enum Billing {
        static let primary: Name = "billing"
        final class Client: Sendable {}
        final class Invoices: Sendable { init(client: Client) {} }
    }
    enum Shipping {
        final class Client: Sendable { init(billing: Billing.Client) {} }
    }
    final class Checkout: Sendable { init(shipping: Shipping.Client, invoices: Billing.Invoices) {} }

    final class Clock: Sendable {}
    final class Ticker: Sendable { init(clock: Clock) {} }

    static func register<E: Entity>(_: E.Type, in container: Container) {
        container.register(Repository<E>.self) { r in try Repository<E>(store: r.resolve()) }
    }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(scope: .singleton) { _ in Store() }
        register(Article.self, in: container)
        register(Comment.self, in: container)
        container.register { r in try Feed(articles: r.resolve(), comments: r.resolve()) }

        container.register { r in
            let crashes: Crashes?
            do {
                crashes = try r.resolve(Crashes.self)
            } catch {
                crashes = nil
            }
            return try BookmarkStore(store: r.resolve(), analytics: try? r.resolve(), crashes: crashes)
        }

        container.register(name: Billing.primary) { _ in Billing.Client() }
        container.register(name: .primary) { r in try Billing.Invoices(client: r.resolve(name: Billing.primary)) }
        container.register { r in try Shipping.Client(billing: r.resolve(name: Billing.primary)) }
        container.register { r in
            try Checkout(shipping: r.resolve(), invoices: r.resolve(Billing.Invoices.self, name: .primary))
        }
        return container
    }

    /// A second container, made with a default scope: its registrations are singletons, so the
    /// singleton `Ticker` keeps no shorter-lived `Clock`.
    static func makeTickerContainer() -> Container {
        let container = Container(defaultScope: .singleton)
        container.register { _ in Clock() }
        container.register(scope: .singleton) { r in try Ticker(clock: r.resolve()) }
        return container
    }
}

extension Name {
    /// A constant of the same name as `ValidShapes.Billing.primary`, with another value.
    fileprivate static let primary: Name = "primary"
}
