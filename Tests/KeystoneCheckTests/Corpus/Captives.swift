// Seeded defects: held instances keeping shorter-lived ones, directly and through transient
// services built for them; and lifetimes that are fine.
import Keystone

enum Captives {
    final class Clock: Sendable {}
    final class Request: Sendable {}
    final class Formatter: Sendable { init(request: Request) {} }
    final class Cart: Sendable {}
    final class Server: Sendable { init(clock: Clock, formatter: Formatter) {} }
    final class Profile: Sendable { init(cart: Cart) {} }
    final class Settings: Sendable { init(clock: Clock) {} }
    final class Screen: Sendable { init(settings: Settings) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register(scope: .singleton) { _ in Clock() }
        container.register(scope: .weak) { _ in Request() }
        container.register(scope: .transient) { r in try Formatter(request: r.resolve()) }
        container.register(scope: .singleton) { r in try Server(clock: r.resolve(), formatter: r.resolve()) }
        container.register(scope: .cached("cart")) { _ in Cart() }
        container.register(scope: .cached("profile")) { r in try Profile(cart: r.resolve()) }
        container.register(scope: .cached("profile")) { r in try Settings(clock: r.resolve()) }
        container.register(scope: .transient) { r in try Screen(settings: r.resolve()) }
        return container
    }
}
