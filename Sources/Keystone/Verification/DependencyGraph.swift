/// The services of a container and who depends on whom, as ``Container/verify(samples:)``
/// observed them while building every registration.
///
/// Render it with ``dot`` (Graphviz) or ``mermaid`` (GitHub, DocC and most wikis render
/// Mermaid in Markdown). Each node shows its scope by its shape and colour; problems are red.
///
/// ```swift
/// let graph = container.verify().graph
/// let dot: String = graph.dot  // Graphviz: save it and run `dot -Tsvg`; `graph.mermaid` for Markdown
/// ```
///
/// A dependency resolved later, through a lazy resolver or a lazy property wrapper, is a lazy
/// edge (``Edge/isLazy``), drawn dashed. Only what verification resolved has edges: a registration that was not checked (it needs
/// arguments you gave no sample for, or it is skipped) appears without its dependencies.
public struct DependencyGraph: Sendable {
    /// One registration, or one missing service.
    public struct Node: Sendable, Hashable {
        /// A number unique in this graph.
        public let id: Int
        /// The service type, as written in Swift.
        public let service: String
        /// The registration's name, if any.
        public let name: String?
        /// The argument types, such as `(Game, Int)`, or nil for none.
        public let argumentTypes: String?
        /// The scope (for a bound type, the scope of the registration it converts), or nil for
        /// a service that nothing provides.
        public let scope: Scope?
        /// Where it was registered, or nil for a service that nothing provides.
        public let registeredAt: String?
        /// How many levels up the container chain it is registered: 0 for the verified
        /// container, 1 for its parent, and so on.
        public let containerDepth: Int
        /// For a type bound with `bind`, the node of the registration it converts.
        public let boundTo: Int?
        /// Whether a problem involves this node.
        public let hasProblem: Bool
        /// Whether verification did not build it.
        public let isUnchecked: Bool
        /// Whether its factory is async (it is resolved with `resolveAsync`).
        public let isAsync: Bool
        /// Whether it is registered with `registerMainActor` (built on the main actor).
        public let isMainActor: Bool

        /// The node's label: the service, then its name.
        public var label: String {
            name.map { "\(service) (\"\($0)\")" } ?? service
        }
    }

    /// A dependency: `from` resolved `to` while being built.
    public struct Edge: Sendable, Hashable {
        /// The node that depends.
        public let from: Int
        /// The node depended on.
        public let to: Int
        /// Whether the dependency is a problem, such as a captive dependency or a cycle.
        public let isProblem: Bool
        /// Whether `from` resolves `to` later, through a ``LazyResolver``, an
        /// ``IsolatedResolver``, ``LazyInjected`` or ``WeakLazyInjected``: verification checked
        /// that it is registered without building it. Drawn dashed; never part of a cycle or
        /// a captive dependency.
        public let isLazy: Bool
    }

    /// Every node, in the order verification first met it.
    public let nodes: [Node]
    /// Every edge, in the order verification observed it.
    public let edges: [Edge]
}
