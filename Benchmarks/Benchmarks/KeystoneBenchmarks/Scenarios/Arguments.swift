import Benchmark
import Keystone
import Swinject

/// Transient services made from runtime arguments passed to the resolve.
func argumentScenarios() {
    scenario(
        "arguments1",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(root.makeTagged(id: id))
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Tagged.self, scope: .transient) { (_, id: Int) in Tagged(id: id) }
            precondition(container.resolve(Tagged.self, arguments: 7).id == 7)
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(container.resolve(Tagged.self, arguments: id))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Tagged.self) { (_, id: Int) in Tagged(id: id) }.inObjectScope(.transient)
            precondition(container.resolve(Tagged.self, argument: 7)!.id == 7)
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(container.resolve(Tagged.self, argument: id)!)
                }
            }
        }
    )

    scenario(
        "arguments3",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(root.makeConfigured(id: id, label: "label", isEnabled: true))
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(Configured.self, scope: .transient) { (_, id: Int, label: String, isEnabled: Bool) in
                Configured(id: id, label: label, isEnabled: isEnabled)
            }
            precondition(container.resolve(Configured.self, arguments: 7, "label", true).label == "label")
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(container.resolve(Configured.self, arguments: id, "label", true))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(Configured.self) { (_, id: Int, label: String, isEnabled: Bool) in
                Configured(id: id, label: label, isEnabled: isEnabled)
            }
            .inObjectScope(.transient)
            precondition(container.resolve(Configured.self, arguments: 7, "label", true)!.label == "label")
            return { benchmark in
                for id in benchmark.scaledIterations {
                    blackHole(container.resolve(Configured.self, arguments: id, "label", true)!)
                }
            }
        }
    )
}
