import Benchmark
import Dependencies
import Keystone
import Swinject

/// The everyday resolves: a singleton, a transient, and a transient that needs the singleton.
func resolveScenarios() {
    scenario(
        "singleton",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(root.sharedStore())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
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
            container.register(Store.self) { _ in Store() }.inObjectScope(.container)
            precondition(container.resolve(Store.self)! === container.resolve(Store.self)!)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Store.self)!)
                }
            }
        },
        dependencies: {
            @Dependency(\.benchmarkStore) var check
            precondition(check === StoreKey.liveValue)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    @Dependency(\.benchmarkStore) var store
                    blackHole(store)
                }
            }
        }
    )

    // The singleton target's own terms: the caller keeps the reference it gets (here in a
    // holder, as a view model keeps its service), so the hand-wired accessor must hand out an
    // owned reference too. In `singleton` the caller only looks at it, and the optimiser lets
    // the hand-wired read skip the reference count that a container cannot skip.
    scenario(
        "singleton-kept",
        hand: {
            let root = HandRoot()
            let kept = Kept<Store>()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    kept.value = root.sharedStore()
                }
                blackHole(kept)
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Store.self, scope: .singleton) { _ in Store() }
            precondition(container.resolve(Store.self) === container.resolve(Store.self))
            let kept = Kept<Store>()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    kept.value = container.resolve(Store.self)
                }
                blackHole(kept)
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Store.self) { _ in Store() }.inObjectScope(.container)
            precondition(container.resolve(Store.self)! === container.resolve(Store.self)!)
            let kept = Kept<Store>()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    kept.value = container.resolve(Store.self)!
                }
                blackHole(kept)
            }
        }
    )

    scenario(
        "transient",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(root.makeWidget())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Widget.self, scope: .transient) { _ in Widget() }
            precondition(container.resolve(Widget.self) !== container.resolve(Widget.self))
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Widget.self))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Widget.self) { _ in Widget() }.inObjectScope(.transient)
            precondition(container.resolve(Widget.self)! !== container.resolve(Widget.self)!)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Widget.self)!)
                }
            }
        }
    )

    scenario(
        "transient+singleton",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(root.makeConsumer())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Store.self, scope: .singleton) { _ in Store() }
            container.register(Consumer.self, scope: .transient) { r in try Consumer(store: r.resolve()) }
            precondition(container.resolve(Consumer.self).store === container.resolve(Consumer.self).store)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Consumer.self))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Store.self) { _ in Store() }.inObjectScope(.container)
            container.register(Consumer.self) { r in Consumer(store: r.resolve(Store.self)!) }
                .inObjectScope(.transient)
            precondition(container.resolve(Consumer.self)!.store === container.resolve(Consumer.self)!.store)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Consumer.self)!)
                }
            }
        }
    )
}

/// The store as a swift-dependencies dependency: its live value is built once, like a
/// singleton, and read through `@Dependency`.
enum StoreKey: DependencyKey {
    static let liveValue = Store()
}

extension DependencyValues {
    var benchmarkStore: Store {
        get { self[StoreKey.self] }
        set { self[StoreKey.self] = newValue }
    }
}
