import Benchmark
import Keystone
import Swinject

/// How the containers behave as they grow: a resolve among many registrations, and the cost
/// of registering.
func scaleScenarios() {
    let others = Settings.isSmoke ? 10 : 10_000
    // The same singleton resolve as `singleton`, with 10,000 other registrations (the same type
    // under 10,000 names) in the container.
    scenario(
        "singleton-10k",
        hand: {
            let root = HandRoot()
            let widgets = (0..<others).map { _ in root.makeWidget() }
            return { benchmark in
                blackHole(widgets)
                for _ in benchmark.scaledIterations {
                    blackHole(root.sharedStore())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            for index in 0..<others {
                container.register(Widget.self, name: Name("other-\(index)"), scope: .transient) { _ in Widget() }
            }
            container.register(Store.self, scope: .singleton) { _ in Store() }
            precondition(container.resolve(Store.self) === container.resolve(Store.self))
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Store.self))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            for index in 0..<others {
                container.register(Widget.self, name: "other-\(index)") { _ in Widget() }.inObjectScope(.transient)
            }
            container.register(Store.self) { _ in Store() }.inObjectScope(.container)
            precondition(container.resolve(Store.self)! === container.resolve(Store.self)!)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Store.self)!)
                }
            }
        }
    )

    // One operation: a new container, 1,000 registrations (the same type under 1,000 names,
    // made before measuring), and the container's release. By hand, the least a registry
    // can do: a dictionary from name to factory.
    let count = Settings.isSmoke ? 10 : 1_000
    let names = (0..<count).map { "service-\($0)" }
    scenario(
        "register1k",
        scaling: .one,
        hand: {
            { benchmark in
                for _ in benchmark.scaledIterations {
                    var factories: [String: @Sendable () -> Widget] = [:]
                    factories.reserveCapacity(count)
                    for name in names {
                        factories[name] = { Widget() }
                    }
                    blackHole(factories)
                }
            }
        },
        keystone: {
            let keystoneNames = names.map { Name($0) }
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    let container = Keystone.Container()
                    for name in keystoneNames {
                        container.register(Widget.self, name: name, scope: .transient) { _ in Widget() }
                    }
                    blackHole(container)
                }
            }
        },
        swinject: {
            { benchmark in
                for _ in benchmark.scaledIterations {
                    let container = Swinject.Container()
                    for name in names {
                        container.register(Widget.self, name: name) { _ in Widget() }.inObjectScope(.transient)
                    }
                    blackHole(container)
                }
            }
        }
    )
}
