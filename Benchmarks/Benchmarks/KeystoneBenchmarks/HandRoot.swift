/// The hand-written composition root: what an app without a container writes.
///
/// Its accessors are never inlined, so that getting an object costs what a call that returns
/// it costs, as it does through a container. Inlined into the benchmark loop, the compiler
/// would hoist the read of the shared instance out of the loop and measure nothing.
final class HandRoot: Sendable {
    private let store = Store()

    @inline(never)
    func sharedStore() -> Store {
        store
    }

    @inline(never)
    func makeWidget() -> Widget {
        Widget()
    }

    @inline(never)
    func makeConsumer() -> Consumer {
        Consumer(store: store)
    }

    /// One leaf, shared by both branches, new for every graph.
    @inline(never)
    func makeGraph() -> GraphRoot {
        let leaf = GraphLeaf()
        return GraphRoot(left: GraphLeft(leaf: leaf), right: GraphRight(leaf: leaf))
    }

    @inline(never)
    func makeChain() -> Link9 {
        Link9(Link8(Link7(Link6(Link5(Link4(Link3(Link2(Link1(Link0())))))))))
    }

    /// A request's objects: its context, shared by the repository and the handler.
    @inline(never)
    func handleRequest() -> RequestHandler {
        let context = RequestContext()
        return RequestHandler(repository: RequestRepository(store: store, context: context), context: context)
    }

    @inline(never)
    func makeTagged(id: Int) -> Tagged {
        Tagged(id: id)
    }

    @inline(never)
    func makeConfigured(id: Int, label: String, isEnabled: Bool) -> Configured {
        Configured(id: id, label: label, isEnabled: isEnabled)
    }
}
