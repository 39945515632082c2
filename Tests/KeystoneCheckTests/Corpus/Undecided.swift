// What the check cannot decide: a resolve whose type the syntax does not fix, a registration
// made in a loop, and a child container's registrations. It says so in notes, and reports no
// error, although `verify()` finds the missing `Token` at run time.
import Keystone

enum Undecided {
    final class Token: Sendable {}
    struct Box<Value: Sendable>: Sendable { var value: Value }
    final class Plugin: Sendable { init(index: Int) {} }
    final class Host: Sendable { init(plugin: Plugin) {} }

    static func makeContainer() -> Container {
        let container = Container()
        container.register { r in try Box(value: r.resolve(Token.self)).value }
        container.register { r in try Box<Token>(value: r.resolve()) }
        for index in 0..<2 {
            container.register(name: Name("plugin-\(index)")) { _ in Plugin(index: index) }
        }
        let child = Container(parent: container)
        child.register { r in try Host(plugin: r.resolve()) }
        return container
    }
}
