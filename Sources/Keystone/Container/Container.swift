import CKeystoneThreadPrimitives

/// A dependency-injection container: it knows how to build each service, and keeps the
/// instances their scopes say to keep.
///
/// ```swift
/// let container = Container()
/// container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
/// container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
///
/// let storage: Storage = container.resolve()
/// ```
///
/// A container is safe to use from any thread or task: registering, resolving, `reset` and
/// `dispose` may all run at once. Resolving a `.singleton` or `.cached` instance that is
/// already built takes no lock at all and allocates nothing; building takes no
/// container-wide lock while your factories run. <doc:ThreadSafety> explains how shared
/// instances are built exactly once.
///
/// Child containers (``init(parent:defaultScope:duplicates:)``) look up their own registrations first,
/// then their parent's, and never change the parent.
public final class Container: Sendable {

    /// The container this one falls back to, if any.
    public let parent: Container?

    /// The scope of registrations made without one. `.graph` unless the container was made
    /// with another.
    public let defaultScope: Scope

    /// What registering a key that this container already has does.
    public let duplicates: DuplicatePolicy

    @usableFromInline let registry = Registry()
    /// The container's lifetime state, kept in its registry (see ``Lifecycle``).
    var lifecycle: Lifecycle {
        @inline(__always) get { Lifecycle(registry) }
    }
    /// The app's hook to run before the first use; only ever set on ``shared``
    /// (Container/Container+FirstUse.swift). Immutable, and guards its own state.
    let firstUse: FirstUseGate?

    /// Collections, modules and the logger: features built on the core, kept off the resolve
    /// path (see `Container/Features.swift`), and made on first need, in the word the registry
    /// keeps for them, so that a container that uses none (a request's) allocates nothing for
    /// them.
    var features: Features {
        PublishedObject<Features>(registry.featuresWord).get(orMake: Features.init)
    }

    /// The features if they were made: for readers that find nothing where there are none
    /// (no logger, no contribution), so that reading does not make them.
    var existingFeatures: Features? {
        PublishedObject<Features>(registry.featuresWord).existing
    }

    /// This container, held weakly, as every ``AsyncResolver`` of its registrations holds it:
    /// one reference made once, not one per async resolve. Made on first need, and read
    /// without a lock (every awaited resolve that calls a factory reads it): a weak reference
    /// gives the container a side table, which makes every retain and release of it take the
    /// runtime's slow path, so a container that never resolves anything async has none.
    @usableFromInline
    var weakReference: WeakContainerReference {
        PublishedObject<WeakContainerReference>(registry.weakContainerWord).get { WeakContainerReference(self) }
    }

    deinit {
        PublishedObject<Features>(registry.featuresWord).release()
        PublishedObject<WeakContainerReference>(registry.weakContainerWord).release()
        PublishedObject<ResolutionContext>(registry.spareAwaitedContextWord).release()
        PublishedObject<RequestScope>(registry.spareRequestScopeWord).release()
    }

    /// Creates an empty container.
    ///
    /// - Parameters:
    ///   - defaultScope: The scope of registrations made without one; `.graph` by default, as
    ///     in Swinject and Resolver.
    ///   - duplicates: What registering a key twice does: `.replace` (the default) lets the
    ///     later registration win; `.reject` makes it a programming error that names both
    ///     registration sites.
    public init(defaultScope: Scope = .graph, duplicates: DuplicatePolicy = .replace) {
        self.parent = nil
        self.defaultScope = defaultScope
        self.duplicates = duplicates
        self.firstUse = nil
    }

    /// [first use] A root container that runs `firstUse` before its first use
    /// (Container/Container+FirstUse.swift): how ``shared`` is made, and how tests make one.
    init(firstUse: FirstUseGate?) {
        self.parent = nil
        self.defaultScope = .graph
        self.duplicates = .replace
        self.firstUse = firstUse
    }

    /// Creates a child container that resolves its own registrations first, then its
    /// parent's.
    ///
    /// A parent's `.singleton` is shared with all its children. Registering in the child
    /// overrides the parent for resolves made through the child only. A registration found
    /// in the parent is built by the parent: its factory's own resolves start at the parent,
    /// so a child's overrides never leak into an instance the parent keeps.
    ///
    /// Registering in the child a key the parent has is an override, never a duplicate.
    ///
    /// - Parameters:
    ///   - parent: The container to fall back to.
    ///   - defaultScope: The scope of registrations made without one; the parent's by default.
    ///   - duplicates: What registering a key twice in the child does; the parent's by default.
    public init(parent: Container, defaultScope: Scope? = nil, duplicates: DuplicatePolicy? = nil) {
        self.parent = parent
        self.defaultScope = defaultScope ?? parent.defaultScope
        self.duplicates = duplicates ?? parent.duplicates
        self.firstUse = nil
        registry.family = parent.registry.family
        if let inherited = parent.logger { logger = inherited }
    }

    /// A container with the registrations of `original`, and a copy of its parents, holding
    /// no instance: what verification builds in (with its stand-ins), and what overrides are
    /// registered in, so that the original's instances stay untouched.
    ///
    /// The original's first-use hook runs first, if it has one still to run, so that a copy
    /// made as the first use (`verify()` or `withOverrides` on a fresh `shared`) has the
    /// registrations the hook makes; each parent's copy does the same for that parent.
    init(copying original: Container, forVerification: Bool) {
        original.firstUse?.runIfPending(for: original)
        self.parent = original.parent.map { Container(copying: $0, forVerification: forVerification) }
        self.defaultScope = original.defaultScope
        self.duplicates = .replace
        self.firstUse = nil
        if let parent { registry.family = parent.registry.family }
        for slot in original.registry.allSlots {
            guard let entry = slot.lock.withLock({ slot.entry }) else { continue }
            let copy = registry.slotCreatingIfNeeded(for: slot.key)
            copy.entry = entry.copy(in: copy, forVerification: forVerification)
            registry.unpin(copy)
        }
        // Contributions to collections, in their order, pointing at the copied slots.
        guard let originalFeatures = original.existingFeatures else { return }
        let collections = originalFeatures.lock.withLock { originalFeatures.collections }
        guard !collections.isEmpty else { return }
        features.collections = collections.mapValues { contributions in
            contributions.compactMap { contribution in
                registry.slot(for: contribution.slot.key).map { Contribution(token: contribution.token, slot: $0) }
            }
        }
    }

    // MARK: - Registering

    /// Registers how to build `Service`, optionally under a name and with runtime arguments.
    ///
    /// The factory receives a ``Resolver`` for the resolution in progress; resolve
    /// dependencies through it (with `try`) so that the graph scope and cycle detection see
    /// the whole resolution, and a failure deep in the graph unwinds with its full path.
    /// Runtime arguments follow the resolver, typed:
    ///
    /// ```swift
    /// container.register(DetailViewModel.self, scope: .transient) { (r, game: Game, page: Int) in
    ///     try DetailViewModel(api: r.resolve(), game: game, page: page)
    /// }
    /// let viewModel: DetailViewModel = container.resolve(arguments: game, 2)
    /// ```
    ///
    /// A registration is identified by its service type, name and argument types.
    /// Registering the same key again replaces the registration, and disposes and drops the
    /// instance the old one held.
    ///
    /// A `.singleton` (or `.cached`, or `.weak`) registration with arguments builds its
    /// instance from the arguments of the first resolve; later resolves return that instance
    /// whatever arguments they pass, until the scope lets it go.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds an instance. Throwing caches nothing; the error reaches the
    ///     caller wrapped in a ``ResolutionError`` with the path.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func register<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        // Built in the caller's specialised code, so that unpacking the arguments costs no
        // run-time metadata on every resolve. Always inlined: where the caller passes a closure
        // literal, the optimiser then builds this one without allocating a context for it.
        let erased: @Sendable (Resolver, PackedArguments) throws -> Service = { resolver, arguments in
            let values = arguments.values(as: (repeat each Argument).self)
            return try factory(resolver, repeat each values)
        }
        return register(
            RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            name: name,
            scope: scope,
            argumentTypes: (repeat each Argument).self,
            file: file,
            line: line,
            factory: .erased(erased)
        )
    }

    /// Registers how to build `Service` from the resolver alone: the same registration as the
    /// form with runtime arguments makes with none, which Swift picks for a factory that takes
    /// only its ``Resolver``.
    ///
    /// A form of its own so that the entry keeps the factory as it is given: each build calls
    /// it directly, and a registration whose factory captures values, or that is made in
    /// generic code (a helper that registers the types it is handed), allocates no closure to
    /// wrap it. It takes the factory as its own (`consuming`), so that keeping it costs no
    /// reference count of its context; callers write nothing different.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds an instance. Throwing caches nothing; the error reaches the
    ///     caller wrapped in a ``ResolutionError`` with the path.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: consuming @escaping @Sendable (Resolver) throws -> Service
    ) -> Registration<Service> {
        register(
            RegistryKey(Service.self, name: name),
            name: name,
            scope: scope,
            argumentTypes: Void.self,
            file: file,
            line: line,
            factory: .plain(consume factory)
        )
    }

    /// Registers a factory whose arguments are already erased, under `key`: the register
    /// pipeline of ``register(_:_:)``, written out so that it is inlined into the caller, which
    /// makes the entry's generic metadata the caller's constant rather than a look-up, and
    /// moves the factory into the entry (a closure would copy it).
    @inlinable
    func register<Service>(
        _ key: RegistryKey,
        name: Name?,
        scope: Scope?,
        argumentTypes: Any.Type,
        file: StaticString,
        line: UInt,
        factory: consuming EntryFactory<Service>
    ) -> Registration<Service> {
        let slot = registry.slotCreatingIfNeeded(for: key)
        let entry = Entry<Service>(
            slot: slot,
            name: name,
            scope: scope ?? defaultScope,
            argumentTypes: argumentTypes,
            location: SourceLocation(file: file, line: line),
            building: consume factory
        )
        let generation = install(entry)
        return Registration(container: self, slot: consume slot, generation: generation)
    }

    /// Registers the entry that `entry` makes in the slot for `key`: the one register pipeline.
    /// The slot for the key (made if needed, and pinned until the entry is in it), the entry
    /// made whole for that slot (its hooks, for a module's declaration; its conversion, for a
    /// binding), then installed (``install(_:)``). Every form of registration goes through it:
    /// `register` (inlined, above), `registerAsync`, `registerMainActor`, `registerRequestValue`,
    /// `contribute`, `bind` and a module's declarations.
    func register<Service>(_ key: RegistryKey, _ entry: (Slot) -> Entry<Service>) -> Registration<Service> {
        let slot = registry.slotCreatingIfNeeded(for: key)
        return Registration(container: self, slot: slot, generation: install(entry(slot)))
    }

    /// Puts `entry` in its slot, replacing (and disposing the instance of) the previous one,
    /// and ends the pin that ``Registry/slotCreatingIfNeeded(for:)`` made when it gave the slot.
    ///
    /// - Returns: The entry's generation, which the ``Registration`` handle keeps.
    @usableFromInline
    @discardableResult
    func install(_ entry: AnyEntry) -> UInt {
        // [first use] The app's hook registers first, so that what is registered explicitly
        // overrides it (Container/Container+FirstUse.swift). Nil except on `shared`.
        firstUse?.runIfPending(for: self)
        let slot = entry.slot
        // The registration replaced, retired once every lock is released: what its factory
        // captured may be deinitialised with it, and a `deinit` may use this container.
        var replaced: AnyEntry?
        let disposal: Disposal? = lifecycle.lock.withLock {
            precondition(
                !lifecycle.isDisposed,
                "Keystone: cannot register `\(Failure.typeName(entry.serviceType))` at \(entry.location): the container was disposed. Create a new container instead."
            )
            let disposal = slot.lock.withLock {
                let old = slot.entry
                if let old {
                    precondition(
                        old.name?.rawValue == entry.name?.rawValue,
                        "Keystone: the names \(old.name.map(String.init(describing:)) ?? "none") and \(entry.name.map(String.init(describing:)) ?? "none") hash to the same number, so they cannot both be used for `\(Failure.typeName(entry.serviceType))` (registered at \(old.location) and \(entry.location)). To fix, rename one."
                    )
                    if duplicates == .reject {
                        fatalError(Failure.duplicate(old, replacedBy: entry))
                    }
                    lifecycle.recordReplacement(of: old, by: entry)
                }
                slot.installs &+= 1
                entry.generation = slot.installs
                slot.entry = entry
                replaced = old
                return old?.takeHeldInstance()
            }
            if disposal != nil { lifecycle.forget(slot) }
            return disposal
        }
        registry.unpin(slot)
        disposal?.run()
        if registry.isLogging { log { ContainerEvent(.registered, entry: entry) } }
        if let replaced { RetiredEntries.retire(replaced, from: registry) }
        return entry.generation
    }

    // MARK: - Ending lifetimes

    /// Disposes and drops the instances that `scope` holds in this container, newest first,
    /// and keeps the registrations: the next resolve builds new instances.
    ///
    /// `reset(.cached("session"))` ends a session; `reset(.singleton)` rebuilds singletons;
    /// `reset(.weak)` forgets weak instances (without disposing them: the container never
    /// owned them). `.transient`, `.graph` and `.request` hold nothing in the container (a
    /// ``RequestScope`` disposes its own instances when it ends), so resetting them does nothing.
    /// Parents and children are not affected. An instance being built while `reset` runs is
    /// kept once built.
    public func reset(_ scope: Scope) {
        switch scope.holding {
        case .nobody, .resolution, .requestScope:
            return  // nothing held by the container
        case .containerWeakly:
            for slot in registry.allSlots {
                slot.lock.withLock {
                    if let entry = slot.entry, entry.scope == scope { entry.forgetWeakInstance() }
                }
            }
            return
        case .container:
            break
        }
        let disposals: Disposals = lifecycle.lock.withLock {
            var disposals = Disposals()
            lifecycle.removeHeld { slot in
                slot.lock.withLock {
                    guard let entry = slot.entry, entry.scope == scope else { return false }
                    if let disposal = entry.takeHeldInstance() { disposals.append(disposal) }
                    return true
                }
            }
            return disposals
        }
        disposals.run()
    }

    /// Ends the container: drops every registration and every instance it holds, disposing
    /// the ``Disposable`` ones newest first. Parents are not affected.
    ///
    /// Resolving from a disposed container fails with ``ResolutionError/Kind/disposed``;
    /// registering in it is a programming error and traps. Calling `dispose()` again does
    /// nothing.
    public func dispose() {
        let disposals: Disposals = lifecycle.lock.withLock {
            var disposals = Disposals()
            guard !lifecycle.isDisposed else { return disposals }
            lifecycle.markDisposed()
            lifecycle.removeHeld { slot in
                if let disposal = slot.lock.withLock({ slot.entry?.takeHeldInstance() }) { disposals.append(disposal) }
                return true
            }
            return disposals
        }
        // The registrations go after the container's lock, each taken out under its own lock
        // and released after it, with no lock held: what a factory captured may be
        // deinitialised with it, and a `deinit` may use this container. Marked disposed, the
        // container accepts no new registration, and no build keeps an instance.
        registry.forEachSlot { slot in
            let dropped: AnyEntry? = slot.lock.withLock {
                defer { slot.entry = nil }
                return slot.entry
            }
            RetiredEntries.retire(dropped, from: registry)
        }
        disposals.run()
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { lifecycle.isDisposed }
}

/// What a container does when a key it already has is registered again.
public enum DuplicatePolicy: Sendable {
    /// The later registration replaces the earlier one, whose held instance is disposed. Tests
    /// and previews rely on this to swap in fakes; ``Container/verify(samples:)`` still lists
    /// each replacement so that an accidental one is found.
    case replace
    /// Registering a key again is a programming error: it traps with a message naming both
    /// registration sites. For composition roots that must never register a key twice.
    case reject
}
