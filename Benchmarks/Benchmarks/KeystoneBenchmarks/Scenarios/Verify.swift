import Benchmark
import Keystone

/// `verify()` of a graph of 1,000 registrations: Keystone only, since neither hand wiring nor
/// Swinject can check a graph before it runs. One operation is one whole verification.
///
/// The graph is layered like an app's: 100 singletons (clients, stores), 300 cached services
/// (per session), then 600 graph and transient services, each depending on two services of an
/// earlier layer, so that verification builds every registration and follows 1,998 edges.
func verifyScenarios() {
    let count = Settings.isSmoke ? 20 : 1_000
    Benchmark("verify1k/keystone", configuration: Settings.configuration(scaling: .one)) { benchmark in
        let container = layeredContainer(count)
        precondition(container.verify().isValid)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(container.verify())
        }
        benchmark.stopMeasurement()
        benchmark.measurement(Settings.operations, benchmark.scaledIterations.count)
    }
}

/// A container of `count` `Node` registrations named `node0`…: the first tenth singletons, the
/// next three tenths cached, the rest graph or transient; node `i` depends on nodes `i/2` and
/// `i/3` when `i > 0`, which always lie in a layer that lives at least as long.
func layeredContainer(_ count: Int) -> Keystone.Container {
    let container = Keystone.Container()
    let names = (0..<count).map { Name("node\($0)") }
    for index in 0..<count {
        let scope: Scope =
            switch index * 10 / count {
            case 0: .singleton
            case 1...3: .cached("session")
            default: index.isMultiple(of: 2) ? .graph : .transient
            }
        let first = index == 0 ? nil : names[index / 2]
        let second = index == 0 ? nil : names[index / 3]
        container.register(Node.self, name: names[index], scope: scope) { r in
            guard let first, let second else { return Node(left: nil, right: nil) }
            return try Node(left: r.resolve(name: first), right: r.resolve(name: second))
        }
    }
    return container
}

/// A service with up to two dependencies.
final class Node: Sendable {
    let left: Node?
    let right: Node?
    init(left: Node?, right: Node?) {
        self.left = left
        self.right = right
    }
}
