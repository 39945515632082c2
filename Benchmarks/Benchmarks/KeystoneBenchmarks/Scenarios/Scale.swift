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
    // The same through a generic helper, as an app's module system or plug-in loader registers
    // types it is handed (`registerGeneric` below): `register` then runs with `Service` not
    // known at compile time, as it does when the helper lives in another module.
    let serviceTypes: [any GenericallyRegistered.Type] = [Widget.self]
    scenario(
        "register1k-generic",
        scaling: .one,
        hand: {
            { benchmark in
                for _ in benchmark.scaledIterations {
                    var factories: [String: @Sendable () -> Any] = [:]
                    factories.reserveCapacity(count)
                    for name in names {
                        handRegisterGeneric(serviceTypes[0], name: name, in: &factories)
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
                        keystoneRegisterGeneric(serviceTypes[0], name: name, in: container)
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
                        swinjectRegisterGeneric(serviceTypes[0], name: name, in: container)
                    }
                    blackHole(container)
                }
            }
        }
    )
}

/// A service that a generic helper can make from its type alone.
protocol GenericallyRegistered: AnyObject, Sendable { init() }
extension Widget: GenericallyRegistered {}

// Generic helpers that are never specialised, so that each registers with its type parameter
// unknown, as a helper in another module does.

@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func handRegisterGeneric<Service: GenericallyRegistered>(
    _ type: Service.Type, name: String, in factories: inout [String: @Sendable () -> Any]
) {
    factories[name] = { Service() }
}

@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func keystoneRegisterGeneric<Service: GenericallyRegistered>(
    _ type: Service.Type, name: Name, in container: Keystone.Container
) {
    container.register(type, name: name, scope: .transient) { _ in Service() }
}

@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func swinjectRegisterGeneric<Service: GenericallyRegistered>(
    _ type: Service.Type, name: String, in container: Swinject.Container
) {
    container.register(type, name: name) { _ in Service() }.inObjectScope(.transient)
}
