import Benchmark
import Keystone
import Swinject

/// Resolves that build several objects: a graph of four with a shared leaf, and a chain of ten.
func graphScenarios() {
    // The leaf is shared within one resolution (the graph scope) and new in the next; the
    // other three are transient.
    scenario(
        "graph4",
        hand: {
            let root = HandRoot()
            precondition(root.makeGraph().sharesLeaf)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(root.makeGraph())
                }
            }
        },
        keystone: {
            let container = Keystone.Container()
            container.register(GraphLeaf.self, scope: .graph) { _ in GraphLeaf() }
            container.register(GraphLeft.self, scope: .transient) { r in try GraphLeft(leaf: r.resolve()) }
            container.register(GraphRight.self, scope: .transient) { r in try GraphRight(leaf: r.resolve()) }
            container.register(GraphRoot.self, scope: .transient) { r in
                try GraphRoot(left: r.resolve(), right: r.resolve())
            }
            let first = container.resolve(GraphRoot.self)
            precondition(first.sharesLeaf && container.resolve(GraphRoot.self).left.leaf !== first.left.leaf)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(GraphRoot.self))
                }
            }
        },
        swinject: {
            let container = Swinject.Container()
            container.register(GraphLeaf.self) { _ in GraphLeaf() }.inObjectScope(.graph)
            container.register(GraphLeft.self) { r in GraphLeft(leaf: r.resolve(GraphLeaf.self)!) }
                .inObjectScope(.transient)
            container.register(GraphRight.self) { r in GraphRight(leaf: r.resolve(GraphLeaf.self)!) }
                .inObjectScope(.transient)
            container.register(GraphRoot.self) { r in
                GraphRoot(left: r.resolve(GraphLeft.self)!, right: r.resolve(GraphRight.self)!)
            }
            .inObjectScope(.transient)
            let first = container.resolve(GraphRoot.self)!
            precondition(first.sharesLeaf && container.resolve(GraphRoot.self)!.left.leaf !== first.left.leaf)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(GraphRoot.self)!)
                }
            }
        }
    )

    scenario(
        "chain10",
        hand: {
            let root = HandRoot()
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(root.makeChain())
                }
            }
        },
        keystone: {
            let container = Keystone.Container(defaultScope: .transient)
            container.register(Link0.self) { _ in Link0() }
            container.register(Link1.self) { r in try Link1(r.resolve()) }
            container.register(Link2.self) { r in try Link2(r.resolve()) }
            container.register(Link3.self) { r in try Link3(r.resolve()) }
            container.register(Link4.self) { r in try Link4(r.resolve()) }
            container.register(Link5.self) { r in try Link5(r.resolve()) }
            container.register(Link6.self) { r in try Link6(r.resolve()) }
            container.register(Link7.self) { r in try Link7(r.resolve()) }
            container.register(Link8.self) { r in try Link8(r.resolve()) }
            container.register(Link9.self) { r in try Link9(r.resolve()) }
            blackHole(container.resolve(Link9.self))
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Link9.self))
                }
            }
        },
        swinject: {
            let container = Swinject.Container(defaultObjectScope: .transient)
            container.register(Link0.self) { _ in Link0() }
            container.register(Link1.self) { r in Link1(r.resolve(Link0.self)!) }
            container.register(Link2.self) { r in Link2(r.resolve(Link1.self)!) }
            container.register(Link3.self) { r in Link3(r.resolve(Link2.self)!) }
            container.register(Link4.self) { r in Link4(r.resolve(Link3.self)!) }
            container.register(Link5.self) { r in Link5(r.resolve(Link4.self)!) }
            container.register(Link6.self) { r in Link6(r.resolve(Link5.self)!) }
            container.register(Link7.self) { r in Link7(r.resolve(Link6.self)!) }
            container.register(Link8.self) { r in Link8(r.resolve(Link7.self)!) }
            container.register(Link9.self) { r in Link9(r.resolve(Link8.self)!) }
            blackHole(container.resolve(Link9.self)!)
            return { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(container.resolve(Link9.self)!)
                }
            }
        }
    )
}
