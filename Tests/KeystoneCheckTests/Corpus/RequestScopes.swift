// Request scopes: request services and request values declared once on the app's container,
// valid; a request service that needs a value nothing declares; a singleton that keeps a
// request service.
import Keystone

enum RequestScopes {
    struct RequestID: Sendable {}
    final class Store: Sendable {}
    final class AuditLog: Sendable { init(id: RequestID) {} }
    final class Handler: Sendable { init(store: Store, audit: AuditLog) {} }
    final class Tenant: Sendable {}
    final class Billing: Sendable { init(tenant: Tenant) {} }
    final class Cache: Sendable { init(audit: AuditLog) {} }

    static func makeContainer() -> Container {
        let app = Container()
        app.register(scope: .singleton) { _ in Store() }
        app.registerRequestValue(RequestID.self)
        app.register(scope: .request) { r in try AuditLog(id: r.resolve()) }
        app.register(scope: .transient) { r in try Handler(store: r.resolve(), audit: r.resolve()) }
        app.register(scope: .request) { r in try Billing(tenant: r.resolve()) }
        app.register(scope: .singleton) { r in try Cache(audit: r.resolve()) }
        return app
    }
}
