/// What verification saw: every registration a resolution reached, and who asked for it.
///
/// `@unchecked Sendable`: `lock` guards `nodes`, `order` and `edges` (a factory may resolve on
/// another thread during verification).
final class VerificationObserver: @unchecked Sendable {
    struct Node {
        let entry: AnyEntry
        /// How deep the registration's container is below the verified one (0 for itself).
        let depth: Int
    }

    struct Edge: Hashable {
        let from: ObjectIdentifier
        let to: ObjectIdentifier
        /// Resolved later, through a lazy resolver or a lazy property wrapper: not built by
        /// verification, never part of a cycle or a captive dependency.
        var isLazy = false
    }

    /// A resolve that failed inside what a factory built, where nothing could throw it (an
    /// `@Injected` property), or a lazy dependency that nothing provides: a problem of the
    /// registration being built, which its own resolve does not show.
    struct Swallowed {
        let error: ResolutionError
        let requester: AnyEntry?
    }

    /// A service that nothing provides, and who asked for it.
    struct Missing: Hashable {
        let service: ObjectIdentifier
        let serviceName: String
        let name: Name?
        let argumentTypes: String?
        let from: ObjectIdentifier?
        /// Asked for by a lazy resolver or a lazy property wrapper.
        var isLazy = false
    }

    private let lock = Lock()
    private var latestRequester: AnyEntry?
    private var missing: [Missing] = []
    private var nodes: [ObjectIdentifier: Node] = [:]
    private var order: [ObjectIdentifier] = []
    private var edges: [Edge] = []
    private var seenEdges: Set<Edge> = []
    private var swallowed: [Swallowed] = []
    /// The shadow containers, nearest first, to tell how deep a registration lives.
    private var chain: [ObjectIdentifier]
    /// The verified container and its parents, nearest first, each with its shadow: a lazy
    /// dependency on one of them is looked up in its shadow, and a resolve a factory makes
    /// from one of them runs in its shadow.
    private var shadows: [(original: ObjectIdentifier, shadow: Container)]
    /// The first shadows, nearest first: the registrations of later shadows (made after a
    /// factory reached a trap, see ``VerificationThread``) are recorded as theirs, so that the
    /// graph has one node per registration.
    private let firstChain: [Container]
    /// A later shadow's registrations, by identity, and the first shadow's that they copy.
    private var canonical: [ObjectIdentifier: AnyEntry] = [:]
    /// Every shadow made so far, also those given up: a resolution running in one of them
    /// builds nothing outside verification.
    private var everyShadow: Set<ObjectIdentifier>

    init(chain: [Container], originals: [Container] = []) {
        self.chain = chain.map(ObjectIdentifier.init)
        self.firstChain = chain
        self.everyShadow = Set(chain.map(ObjectIdentifier.init))
        self.shadows = zip(originals, chain).map { (ObjectIdentifier($0), $1) }
    }

    /// The shadow that stands for `container` during verification, or `container` itself.
    func shadow(of container: Container) -> Container {
        let id = ObjectIdentifier(container)
        return lock.withLock { shadows.first { $0.original == id }?.shadow ?? container }
    }

    /// Goes on in `newChain`, fresh shadows of the same containers (nearest first), after the
    /// current ones were given up to a parked thread.
    func replaceShadows(with newChain: [Container]) {
        lock.withLock {
            for (depth, container) in newChain.enumerated() where depth < firstChain.count {
                for slot in container.registry.allSlots {
                    guard let entry = slot.lock.withLock({ slot.entry }),
                        let first = firstChain[depth].registry.slot(for: slot.key),
                        let original = first.lock.withLock({ first.entry })
                    else { continue }
                    canonical[ObjectIdentifier(entry)] = original
                }
            }
            chain = newChain.map(ObjectIdentifier.init)
            everyShadow.formUnion(chain)
            shadows = zip(shadows, newChain).map { ($0.original, $1) }
        }
    }

    /// `entry`, or the first shadow's registration that it copies. Called with `lock` held.
    private func canonical(_ entry: AnyEntry) -> AnyEntry {
        canonical.isEmpty ? entry : canonical[ObjectIdentifier(entry)] ?? entry
    }

    /// `entry`, or the first shadow's registration that it copies.
    func canonicalEntry(_ entry: AnyEntry) -> AnyEntry {
        lock.withLock { canonical(entry) }
    }

    /// Whether every resolution in progress from `context` back to the one verification
    /// started runs in a shadow: then a thread stopped there holds nothing outside
    /// verification.
    func ownsEveryResolution(from context: ResolutionContext) -> Bool {
        var current: ResolutionContext? = context
        while let resolution = current {
            guard let root = resolution.rootContainer,
                lock.withLock({ everyShadow.contains(ObjectIdentifier(root)) })
            else { return false }
            current = resolution.origin
        }
        return true
    }

    /// Records a failure that the code a factory ran could not throw, or a lazy dependency
    /// that nothing provides.
    func swallowed(_ error: ResolutionError, requester: AnyEntry?) {
        lock.withLock { swallowed.append(Swallowed(error: error, requester: requester.map(canonical))) }
    }

    /// The failures recorded with ``swallowed(_:requester:)``, in order.
    var swallowedFailures: [Swallowed] { lock.withLock { swallowed } }

    /// Records that `entry`, registered in `container`, was resolved by `requester` (or, when
    /// `lazily`, will be resolved by it later, through a lazy resolver or property wrapper).
    func resolved(_ entry: AnyEntry, in container: Container, from requester: AnyEntry?, lazily: Bool = false) {
        lock.withLock {
            let entry = canonical(entry)
            let requester = requester.map(canonical)
            let id = ObjectIdentifier(entry)
            if nodes[id] == nil {
                let depth = chain.firstIndex(of: ObjectIdentifier(container)) ?? 0
                nodes[id] = Node(entry: entry, depth: depth)
                order.append(id)
            }
            if !lazily { latestRequester = requester }
            if let requester {
                let edge = Edge(from: ObjectIdentifier(requester), to: id, isLazy: lazily)
                if seenEdges.insert(edge).inserted { edges.append(edge) }
            }
        }
    }

    /// Records that `requester` asked for a service that nothing provides (later, when `lazily`).
    func missing(
        _ service: Any.Type,
        name: Name?,
        argumentTypes: Any.Type,
        from requester: AnyEntry?,
        lazily: Bool = false
    ) {
        lock.withLock {
            let requester = requester.map(canonical)
            let record = Missing(
                service: ObjectIdentifier(service),
                serviceName: Failure.typeName(service),
                name: name,
                argumentTypes: argumentTypes == Void.self ? nil : Failure.argumentList(argumentTypes),
                from: requester.map(ObjectIdentifier.init),
                isLazy: lazily
            )
            if !lazily { latestRequester = requester }
            if !missing.contains(record) { missing.append(record) }
        }
    }

    /// The registration that made the latest resolve observed (nil for a root): the one to
    /// blame when that resolve failed for want of a registration.
    var requesterOfLatestResolve: AnyEntry? { lock.withLock { latestRequester } }

    /// Makes sure `entry` is a node even if nothing resolved it.
    func include(_ entry: AnyEntry, depth: Int) {
        let id = ObjectIdentifier(entry)
        lock.withLock {
            if nodes[id] == nil {
                nodes[id] = Node(entry: entry, depth: depth)
                order.append(id)
            }
        }
    }

    /// The nodes in the order they were first seen, the edges and the missing services in the
    /// order they were seen.
    var snapshot: (nodes: [(id: ObjectIdentifier, node: Node)], edges: [Edge], missing: [Missing]) {
        lock.withLock { (order.map { ($0, nodes[$0]!) }, edges, missing) }
    }
}
