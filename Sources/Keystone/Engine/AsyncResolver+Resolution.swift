import CKeystoneThreadPrimitives

/// An async factory's nested resolves, as the engine runs them: the plain registration's
/// factory called directly, a `.graph` instance through the resolution's record of it, and
/// everything else through the resolution (see ``ResolutionContext``).
extension AsyncResolver {
    /// Calls the factory of ``current``, an async `Entry<Service>`, with this resolver: what a
    /// plain registration's resolve is (see ``Container/plainAsyncEntry(taking:)``).
    @inlinable
    @inline(__always)
    func callFactory<Service>(_ type: Service.Type, arguments: ArgumentBox?) async throws(ResolutionError) -> Service {
        // Unchecked: `current` was found under the key of `Service` (a plain registration's
        // resolve), so it is an `Entry<Service>`; the checked cast was a runtime call on every
        // awaited resolve.
        let entry = unsafeDowncast(current!, to: Entry<Service>.self)
        do {
            return try await entry.asyncParts!.call(self, arguments)
        } catch {
            throw failure(error, of: entry)
        }
    }

    /// What a resolve reports when `entry`'s factory, called with this resolver, threw `error`
    /// (see ``Failure/thrown(_:by:path:inHook:)``). Kept out of the inlined call.
    @usableFromInline
    func failure(_ error: any Error, of entry: AnyEntry) -> ResolutionError {
        Failure.thrown(error, by: entry, path: path.map(Failure.step))
    }

    /// The instance of ``current``, a `.graph` async `Entry<Service>`, in this resolution: built
    /// once with this resolver, by the first branch that asks.
    @inlinable
    @inline(__always)
    func graphInstance<Service>(_ type: Service.Type, arguments: ArgumentBox?) async throws(ResolutionError) -> Service
    {
        try await resolution.graphInstance(of: current!) { () async throws(ResolutionError) in
            try await callFactory(Service.self, arguments: arguments)
        }
    }

    /// The owner's probe for `key` (a parent's built instance, for a key the owner does not
    /// register), with the owner, which the caller keeps alive while it copies a published
    /// instance; nil once the owner is gone.
    @usableFromInline
    func probe(for key: RegistryKey) -> (Probe, Container)? {
        guard let container = owner.container else { return nil }
        let probe = container.registry.probeForAwaitedResolve(key)
        if !probe.hasSlot, container.parent != nil,
            let box = container.protectPublishedByParent(for: key, awaited: true)
        {
            return (.published(box), container)
        }
        return (probe, container)
    }

    /// The resolver for `probe`'s registration, found in `owner`, if a nested resolve of it
    /// needs nothing but its factory (and, for `.graph`, the resolution's record of its
    /// instance): an async `.transient` or `.graph` registration with no `then` hooks and not
    /// already on the path (a cycle), with no logger to tell, in a container not disposed. It
    /// takes the probe's reference to the registration; the caller gives it back only when
    /// this returns nil.
    @usableFromInline
    func plainResolver(taking probe: Probe, in owner: Container) -> AsyncResolver? {
        guard case .entry(let found) = probe else { return nil }
        let entry = found.takeUnretainedValue()
        guard entry.isAsync, !entry.isShared, !entry.hasAfterCreation, !owner.registry.isLogging,
            !owner.lifecycle.isDisposed, current !== entry, !outer.contains(entry)
        else { return nil }
        return AsyncResolver(
            owner: self.owner, resolution: resolution, outer: innerPath, current: found.takeRetainedValue())
    }

    /// Resolves `key` in an awaited resolution of its own, from this resolver's container:
    /// what a resolver does once the resolution it was handed for has ended (see
    /// ``ResolutionContext/hasEnded``), as a stored ``Resolver`` does.
    @usableFromInline
    func resolveInNewResolution<Service, each Argument: Sendable>(
        _ key: RegistryKey,
        _ type: Service.Type,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await inLiveResolution { (resolver) async throws(ResolutionError) in
            try await resolver.resolveRegistration(key, as: type, name: name, arguments: repeat each arguments)
        }
    }

    /// Runs `body` with this resolver, or, once the resolution it was handed for has ended,
    /// with the root resolver of a new one (ended in turn when `body` returns): what a resolve
    /// that reads this resolver's path (an optional's, a collection's) does first, so that it
    /// reads the path of the resolution that actually runs.
    func inLiveResolution<T>(
        _ body: (AsyncResolver) async throws(ResolutionError) -> T
    ) async throws(ResolutionError) -> T {
        guard resolution.hasEnded else { return try await body(self) }
        return try await Self.inNewResolution(from: owner, body)
    }

    /// Runs `body` with the root resolver of a new awaited resolution in `owner`'s container,
    /// and ends that resolution (``ResolutionContext/end()``) when `body` returns or throws: what
    /// a resolver kept past its resolution does (its container, held weakly, may be gone).
    static func inNewResolution<T>(
        from owner: WeakContainerReference,
        _ body: (AsyncResolver) async throws(ResolutionError) -> T
    ) async throws(ResolutionError) -> T {
        let root = AsyncResolver(
            owner: owner, resolution: ResolutionContext(awaitedIn: ()), outer: .empty, current: nil)
        defer { root.resolution.end() }
        return try await body(root)
    }

    /// Runs `body` with a resolver of a new awaited resolution in `container`, and ends that
    /// resolution when `body` returns or throws: what every top-level awaited resolve does.
    /// The resolver's factory is `current`'s, a registration `body` builds straight away (see
    /// ``Container/plainAsyncEntry(taking:)``), or nil for a resolution's root resolver.
    ///
    /// The resolution is the container's spare if it has one, and becomes its spare again if
    /// nothing kept a resolver of it (see ``ResolutionContext/finishAwaited(_:in:)``): an awaited
    /// resolve then allocates no resolution (`async-transient` 1,757 → 1,499 instructions).
    @inlinable
    @inline(__always)
    static func inNewResolution<T>(
        in container: Container,
        current: consuming AnyEntry? = nil,
        _ body: (AsyncResolver) async throws(ResolutionError) -> T
    ) async throws(ResolutionError) -> T {
        let resolution = ResolutionContext.beginAwaited(in: container)
        let result: Result<T, ResolutionError>
        do throws(ResolutionError) {
            // The resolver is a temporary: gone when `body` returns, so that only a resolver
            // that `body` kept still holds the resolution when it finishes.
            result = .success(
                try await body(
                    AsyncResolver(
                        owner: container.weakReference, resolution: resolution, outer: .empty, current: consume current)
                ))
        } catch {
            result = .failure(error)
        }
        // Consumed, so that the container's reference is the only one left when none was kept.
        ResolutionContext.finishAwaited(consume resolution, in: container)
        return try result.get()
    }

    /// Resolves the registration under `key`, a `Service`, as part of this resolution: what
    /// ``resolve(_:name:arguments:)`` does with the key of its type, name and arguments, and
    /// ``resolveAll(_:name:arguments:)`` with a contribution's own key, which no type names.
    /// As a container's `resolveAsync`: a built instance read without a lock, a plain async
    /// registration's factory called from here; the rest through the resolution.
    @inlinable
    @inline(__always)
    func resolveRegistration<Service, each Argument: Sendable>(
        _ key: RegistryKey,
        as type: Service.Type,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        if let (probe, owner) = probe(for: key) {
            if let box = probe.published {
                let instance = InstanceBox<Service>.copy(box)
                withExtendedLifetime(owner) {}  // the copy is made before the container can go
                return instance
            }
            if _slowPath(resolution.hasEnded) {
                probe.release()
                return try await resolveInNewResolution(key, type, name: name, arguments: repeat each arguments)
            }
            if let resolver = plainResolver(taking: probe, in: owner) {
                let arguments = ArgumentBox.holding(repeat each arguments)
                if resolver.current!.isTransient {
                    return try await resolver.callFactory(Service.self, arguments: arguments)
                }
                return try await resolver.graphInstance(Service.self, arguments: arguments)
            }
            probe.release()
        }
        return try await resolveInResolution(key, type, name: name, arguments: repeat each arguments)
    }

    /// ``resolve(_:name:arguments:)`` of `key` when neither a built instance nor a plain
    /// registration answers: looked up again, here and in the parents, and resolved in the
    /// resolution.
    @usableFromInline
    func resolveInResolution<Service, each Argument: Sendable>(
        _ key: RegistryKey,
        _ type: Service.Type,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        if resolution.hasEnded {
            return try await resolveInNewResolution(key, type, name: name, arguments: repeat each arguments)
        }
        let argumentTypes: Any.Type = (repeat each Argument).self
        // The path in words, ending with this service, for an error only: made on every call,
        // it was a string per level.
        func steps() -> [String] { path.map(Failure.step) + [Failure.step(service: Service.self, name: name)] }
        func disposed() -> ResolutionError {
            Failure.disposed(service: Service.self, name: name, argumentTypes: argumentTypes, path: steps())
        }
        guard let start = owner.container else {
            throw disposed()
        }
        switch start.lookUp(key) {
        case .found(let entry, let owner):
            if entry.isAsync {
                return try await resolution.resolve(
                    entry as! Entry<Service>,
                    owner: owner,
                    path: path,
                    arguments: ArgumentBox.holding(repeat each arguments)
                )
            }
            func resolveSynchronously() async throws(ResolutionError) -> Service {
                try await owner.resolveSynchronously(
                    key, onMainActor: entry.isMainActor, by: self, name: name, arguments: repeat each arguments)
            }
            guard entry.holding == .resolution else { return try await resolveSynchronously() }
            // A synchronous `.graph` instance, like an async one, is built once in the
            // resolution: by the first branch that asks, while the others wait for it.
            var built = false
            let instance: Service = try await resolution.graphInstance(of: entry) {
                () async throws(ResolutionError) in
                built = true
                return try await resolveSynchronously()
            }
            // Taken from the resolution without a synchronous resolve, which would have told.
            if !built && owner.registry.isLogging { owner.log { ContainerEvent(.reused, entry: entry) } }
            return instance
        case .disposed:
            throw disposed()
        case .missing:
            break
        }
        // On a miss, the same next steps as a synchronous resolve, in the same order: the
        // first-use hook, then an optional's wrapped registration.
        if FirstUseGate.shouldLookAgain(for: key, from: start) {
            return try await resolveInResolution(key, type, name: name, arguments: repeat each arguments)
        }
        if let optional = Service.self as? any AsyncOptionalResolvable.Type,
            let found = try await optional.resolveWrapped(
                with: self, from: start, key: key, name: name, arguments: repeat each arguments)
        {
            return found as! Service
        }
        if start.lifecycle.isDisposed {
            throw disposed()
        }
        throw Failure.missing(
            service: Service.self,
            name: name,
            arguments: argumentTypes,
            path: steps(),
            candidates: start.registrations(of: key.service)
        )
    }
}

/// Lets `resolveAsync(Wrapped?.self)` fall back to the registration of `Wrapped`, as a
/// synchronous resolve does (`OptionalResolvable`).
protocol AsyncOptionalResolvable {
    static func resolveWrapped<each Argument: Sendable>(
        with resolver: AsyncResolver,
        from container: Container,
        key: RegistryKey,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Any?
}

extension Optional: AsyncOptionalResolvable {
    static func resolveWrapped<each Argument: Sendable>(
        with resolver: AsyncResolver,
        from container: Container,
        key: RegistryKey,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Any? {
        let wrappedKey = RegistryKey(service: ObjectIdentifier(Wrapped.self), name: key.name, arguments: key.arguments)
        // Found, or disposed (which the resolve reports as such): only a miss falls through.
        if case .missing = container.lookUp(wrappedKey) { return nil }
        let wrapped: Wrapped = try await resolver.resolve(Wrapped.self, name: name, arguments: repeat each arguments)
        return Optional(wrapped) as Any
    }
}

/// The async registrations being built around a resolver's own, outermost first, in one word:
/// none or one inline, more in an array. One is the usual depth of an async graph (a factory,
/// and the one it needs), and a nested resolve made an array for it every time: an allocation
/// and its release, about 600 instructions of each such awaited resolve (`instructions.sh`).
@usableFromInline
enum AsyncPath: Sendable {
    case empty
    case one(AnyEntry)
    case many([AnyEntry])

    /// The path of `entries`.
    init(_ entries: [AnyEntry]) {
        switch entries.count {
        case 0: self = .empty
        case 1: self = .one(entries[0])
        default: self = .many(entries)
        }
    }

    /// The entries, outermost first.
    var entries: [AnyEntry] {
        switch self {
        case .empty: return []
        case .one(let entry): return [entry]
        case .many(let entries): return entries
        }
    }

    /// This path with `entry` innermost.
    func appending(_ entry: AnyEntry) -> AsyncPath {
        switch self {
        case .empty: return .one(entry)
        case .one(let first): return .many([first, entry])
        case .many(var entries):
            entries.append(entry)
            return .many(entries)
        }
    }

    /// Whether `entry` is on this path.
    func contains(_ entry: AnyEntry) -> Bool {
        switch self {
        case .empty: return false
        case .one(let only): return only === entry
        case .many(let entries): return entries.contains { $0 === entry }
        }
    }
}
