// A missing registration the app knows about (it is registered by a library at run time):
// silenced at its site, so the check reports nothing there.
import Keystone

enum Silenced {
    final class Clock: Sendable {}
    final class Alarm: Sendable { init(clock: Clock) {} }

    static func makeContainer() -> Container {
        let container = Container()
        // keystone-check:ignore — the clock comes from the platform module at launch
        container.register { r in try Alarm(clock: r.resolve()) }
        return container
    }
}
