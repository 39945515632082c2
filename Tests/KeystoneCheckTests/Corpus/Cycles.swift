// Seeded defects: a cycle of three registrations, reached from a fourth, and a service that
// resolves itself.
import Keystone

enum Cycles {
    final class Orders: Sendable { init(payments: Payments) {} }
    final class Payments: Sendable { init(ledger: Ledger) {} }
    final class Ledger: Sendable { init(orders: Orders) {} }
    final class Checkout: Sendable { init(orders: Orders) {} }
    final class Mirror: Sendable { init(other: Mirror?) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register { r in try Orders(payments: r.resolve()) }
        container.register { r in try Payments(ledger: r.resolve()) }
        container.register { r in try Ledger(orders: r.resolve()) }
        container.register { r in try Checkout(orders: r.resolve()) }
        container.register { r in Mirror(other: try r.resolve(Mirror.self)) }
        return container
    }
}
