// Paying for the pro plan.
import Keystone

enum Billing {
    /// The payment provider the app charges first.
    static let primary: Name = "billing"

    final class Gateway: Sendable {
        let url: String
        init(url: String) { self.url = url }
    }

    final class Client: Sendable {
        init(gateway: Gateway, audit: AuditTrail) {}
    }

    final class Invoices: Sendable {
        init(gateway: Gateway) {}
    }
}

final class CheckoutService: Sendable {
    init(client: Billing.Client, invoices: Billing.Invoices) {}
}

extension Billing {
    static func register(in container: Container) {
        container.register(name: primary, scope: .singleton) { _ in Gateway(url: "https://pay.example.com") }
        container.register(scope: .singleton) { r in try Client(gateway: r.resolve(name: primary), audit: r.resolve(name: .audit)) }
        container.register { r in try Invoices(gateway: r.resolve(name: Billing.primary)) }
        container.register { r in try CheckoutService(client: r.resolve(), invoices: r.resolve()) }
    }
}
