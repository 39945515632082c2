import Testing

@testable import Keystone

// A container, and everything it cached, is freed when the last reference
// to it goes; there is no retain cycle between the container, its registrations, the
// instances, stored resolvers, bound types, hooks, and child or parent containers. Each test
// builds a world inside a function, keeps only weak references to it, and checks that they
// are all nil once the function returned. (LeakSanitizer, in .ci/sanitizers, checks the raw
// allocations behind them.)

final class LeakService: Disposable, LeakProtocol, Sendable {
    let dependency: LeakService?
    init(dependency: LeakService? = nil) { self.dependency = dependency }
    func dispose() {}
}

protocol LeakProtocol: AnyObject {}

/// A service that keeps the resolver it was built with, to resolve more later.
final class LeakLazy: Sendable {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
}

/// Weak references to everything a test made, checked at the end.
final class LeakWitness: @unchecked Sendable {  // `lock` guards `references`.
    private let lock = Lock()
    private var references: [(what: String, reference: () -> AnyObject?)] = []

    func watch(_ object: AnyObject, _ what: String) {
        lock.withLock { references.append((what, { [weak object] in object })) }
    }

    /// Watches `container`, its slots and its current registrations.
    func watch(container: Container, _ what: String) {
        watch(container, what)
        for slot in container.registry.allSlots {
            watch(slot, "a slot of \(what)")
            if let entry = slot.lock.withLock({ slot.entry }) { watch(entry, "a registration of \(what)") }
        }
    }

    /// What is still alive, but for a registration (or its slot) that waits to be released
    /// until a resolution of its family of containers that began before it was taken out ends
    /// (see ``RetiredEntries``): another test's, whose containers' family tag is the same as
    /// this one's (two in 65,535).
    var alive: [String] {
        RetiredEntries.reclaim()
        return lock.withLock { references }.filter { reference in
            guard let object = reference.reference() else { return false }
            return !RetiredEntries.holds(object)
        }.map(\.what)
    }

    var count: Int { lock.withLock { references.count } }
}

@Suite("Leaks")
struct LeakTests {
    /// Registers one of everything in `container` and resolves it all, watching the
    /// instances.
    private func populate(_ container: Container, witness: LeakWitness, held: inout [AnyObject]) throws {
        container.register(scope: .singleton) { _ in LeakService() }
        container.register(name: "cached", scope: .cached("c")) { r in try LeakService(dependency: r.resolve()) }
            .bind((any LeakProtocol).self)
            .then { r, _ in _ = try r.resolve(LeakService.self) }
            .onDispose { _ in }
        container.register(name: "weak", scope: .weak) { _ in LeakService() }
        container.register(name: "graph") { r in try LeakService(dependency: r.resolve()) }
        container.register(name: "transient", scope: .transient) { (r, _: Int) in
            try LeakService(dependency: r.resolve())
        }
        container.register(scope: .singleton) { r in LeakLazy(resolver: r) }
        let singleton: LeakService = try container.tryResolve()
        let cached: LeakService = try container.tryResolve(name: "cached")
        let bound = try container.tryResolve((any LeakProtocol).self, name: "cached")
        let weak: LeakService = try container.tryResolve(name: "weak")
        let graph: LeakService = try container.tryResolve(name: "graph")
        let transient: LeakService = try container.tryResolve(name: "transient", arguments: 1)
        let lazy: LeakLazy = try container.tryResolve()
        // The stored resolver works while the container lives.
        #expect(try lazy.resolver.resolve(LeakService.self) === singleton)
        for (object, what) in [
            (singleton, "the singleton"), (cached, "the cached instance"), (bound, "the bound instance"),
            (weak, "the weak instance"), (graph, "the graph instance"), (transient, "the transient instance"),
            (lazy, "the service holding a resolver"),
        ] as [(AnyObject, String)] {
            witness.watch(object, what)
        }
        held.append(weak)  // alive while the caller holds it
    }

    @Test("A container and everything it cached are freed with its last reference")
    func containerFreed() throws {
        let witness = LeakWitness()
        do {
            var held: [AnyObject] = []
            let container = Container()
            try populate(container, witness: witness, held: &held)
            witness.watch(container: container, "the container")
        }
        #expect(witness.count > 15)
        #expect(witness.alive.isEmpty, "still alive: \(witness.alive)")
    }

    @Test("A disposed container is freed too, and so are instances built while it was disposed")
    func disposedContainerFreed() throws {
        let witness = LeakWitness()
        do {
            var held: [AnyObject] = []
            let container = Container()
            try populate(container, witness: witness, held: &held)
            witness.watch(container: container, "the container")
            container.register(name: "late", scope: .singleton) { _ in
                container.dispose()  // re-entrant dispose: the instance is the caller's
                return LeakService()
            }
            witness.watch(
                try container.tryResolve(LeakService.self, name: "late"), "the instance built while disposing")
        }
        #expect(witness.alive.isEmpty, "still alive: \(witness.alive)")
    }

    @Test("A singleton that stores its resolver does not keep the container alive")
    func storedResolverHoldsContainerWeakly() throws {
        let witness = LeakWitness()
        var lazy: LeakLazy?
        do {
            let container = Container()
            container.register { _ in LeakService() }
            container.register(scope: .singleton) { r in LeakLazy(resolver: r) }
            lazy = try container.tryResolve(LeakLazy.self)
            witness.watch(container: container, "the container")
        }
        #expect(witness.alive.isEmpty, "still alive: \(witness.alive)")
        // The service outlived its container; its resolver says so instead of crashing.
        let error = try #require(throws: ResolutionError.self) { try lazy?.resolver.resolve(LeakService.self) }
        #expect(error.kind == .disposed)
    }

    @Test("A child keeps its parent alive; a parent does not keep its children")
    func childAndParent() throws {
        let witness = LeakWitness()
        let parent = Container()
        parent.register(scope: .singleton) { _ in LeakService() }
        let shared: LeakService = try parent.tryResolve()
        weak var weakParent: Container?
        do {
            let child = Container(parent: parent)
            child.register(name: "child", scope: .singleton) { r in try LeakService(dependency: r.resolve()) }
            let local: LeakService = try child.tryResolve(name: "child")
            #expect(local.dependency === shared)
            witness.watch(local, "the child's singleton")
            witness.watch(container: child, "the child")
        }
        #expect(witness.alive.isEmpty, "still alive: \(witness.alive)")
        #expect(try parent.tryResolve(LeakService.self) === shared)

        let grandparentWitness = LeakWitness()
        var grandchild: Container?
        do {
            let top = Container()
            weakParent = top
            top.register(scope: .singleton) { _ in LeakService() }
            grandchild = Container(parent: Container(parent: top))
            grandparentWitness.watch(try grandchild!.tryResolve(LeakService.self), "the top's singleton")
        }
        #expect(weakParent != nil)  // held through the chain of parents
        grandchild = nil
        #expect(weakParent == nil)
        #expect(grandparentWitness.alive.isEmpty, "still alive: \(grandparentWitness.alive)")
    }

    @Test("Failed resolutions keep nothing: a throwing hook, a cycle, a missing dependency")
    func failuresKeepNothing() throws {
        let witness = LeakWitness()
        do {
            let container = Container()
            container.register(scope: .singleton) { _ in LeakService() }
                .then { _, service in
                    witness.watch(service, "an instance whose hook threw")
                    throw MisuseFailure()
                }
            container.register(name: "cycle", scope: .singleton) { r in
                try LeakService(dependency: r.resolve(name: "cycle"))
            }
            container.register(name: "missing", scope: .cached("c")) { r in
                _ = try r.resolve(LeakService.self, name: "cycle")
                return LeakService()
            }
            #expect(throws: ResolutionError.self) { try container.tryResolve(LeakService.self) }
            #expect(throws: ResolutionError.self) { try container.tryResolve(LeakService.self, name: "cycle") }
            #expect(throws: ResolutionError.self) { try container.tryResolve(LeakService.self, name: "missing") }
            witness.watch(container: container, "the container")
        }
        #expect(witness.alive.isEmpty, "still alive: \(witness.alive)")
    }

    @Test("Replacing and refining registrations frees the old ones and their instances")
    func replacedRegistrationsFreed() throws {
        let witness = LeakWitness()
        let container = Container()
        container.register(scope: .singleton) { _ in LeakService() }
        witness.watch(try container.tryResolve(LeakService.self), "the first instance")
        witness.watch(container: container, "the container")  // watches the first registration
        container.register(scope: .singleton) { _ in LeakService() }
            .then { _, _ in }
            .onDispose { _ in }
        _ = try container.tryResolve(LeakService.self)
        let alive = witness.alive
        #expect(alive == ["the container", "a slot of the container"], "still alive: \(alive)")
    }

    @Test("Capturing the container in its own factory is a retain cycle: use the resolver instead")
    func capturingTheContainerLeaks() throws {
        weak var captured: Container?
        weak var throughResolver: Container?
        do {
            let container = Container()
            captured = container
            container.register { _ in LeakService() }
            container.register(name: "captures") { _ in try container.tryResolve(LeakService.self) }
            _ = try container.tryResolve(LeakService.self, name: "captures")
        }
        do {
            let container = Container()
            throughResolver = container
            container.register { _ in LeakService() }
            container.register(name: "resolver") { r in try r.resolve(LeakService.self) }
            _ = try container.tryResolve(LeakService.self, name: "resolver")
        }
        #expect(throughResolver == nil)
        // The user's cycle: container → registration → factory → container. Documented in the
        // misuse catalogue; `dispose()` breaks it by dropping the registrations.
        #expect(captured != nil)
        captured?.dispose()
        #expect(captured == nil)
    }
}
