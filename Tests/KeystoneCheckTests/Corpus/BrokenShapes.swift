// The shapes of `ValidShapes`, each broken: a nested type of the same simple name as a
// registered one, a name constant of another type, and a non-optional resolve of what nothing
// registers. The check reports each where `verify()` does.
import Keystone

enum BrokenShapes {
    enum Billing {
        static let primary: Name = "billing"
        final class Client: Sendable {}
    }
    enum Shipping {
        static let primary: Name = "shipping"
        final class Client: Sendable {}
        final class Labels: Sendable { init(client: Client) {} }
    }
    final class Analytics: Sendable {}
    final class Invoices: Sendable { init(client: Billing.Client) {} }
    final class BookmarkStore: Sendable { init(analytics: Analytics?) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(name: Billing.primary) { _ in Billing.Client() }
        container.register { r in try Shipping.Labels(client: r.resolve()) }
        container.register { r in try Invoices(client: r.resolve(name: Shipping.primary)) }
        container.register { r in try BookmarkStore(analytics: r.resolve()) }
        return container
    }
}
