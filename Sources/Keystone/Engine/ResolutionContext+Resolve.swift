import CKeystoneThreadPrimitives

/// The resolution algorithm: find the registration, reuse what the scope allows, build the
/// rest, run hooks, and turn every failure into a ``ResolutionError`` with the path.
extension ResolutionContext {
    /// Resolves `key`, looking it up from `container` through its parents.
    @inline(__always)
    func resolve<Service>(
        _ key: RegistryKey,
        in container: Container,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        let found = container.registry.lookUpEntry(key)
        defer { found.release() }
        return try resolve(
            key,
            in: container,
            found: found,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments
        )
    }

    /// Resolves `key`, looking it up from `container` through its parents; `found` is what
    /// `container`'s registry holds for `key`, already looked up by the caller.
    @inline(__always)
    func resolve<Service>(
        _ key: RegistryKey,
        in container: Container,
        found: Probe,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        try resolve(
            key,
            via: Resolver(context: self, owner: .passUnretained(container)),
            found: found,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments
        )
    }

    /// Resolves `key`, looking it up from `resolver`'s owner through its parents; `found` is
    /// what the owner's registry holds for `key`, already looked up by the caller (the entry
    /// retained by a top-level resolve, borrowed by a nested one, whose resolution keeps it
    /// alive: see ``RetiredEntries``; a re-registration may replace it meanwhile, and this
    /// resolution keeps using the one it found).
    /// `resolver` is this resolution's resolver for that container: the one its factories
    /// get, passed down borrowed, so that a nested resolve makes no new one (each is a retain
    /// and a release of this context). The owner is alive while the resolution runs (it is
    /// the root or one of its ancestors); it is read borrowed where the usual path needs it,
    /// because a strong reference to it would be another retain and release.
    ///
    /// Inlined into its callers in this module, the top-level resolve among them: one call
    /// fewer per resolution (a call here was about 35 instructions of every top-level
    /// transient resolve, 70 of a `.weak` one). A factory's nested resolve, in the caller's
    /// module, calls it when its lookup found no registration in the owner, and
    /// ``resolve(found:via:arguments:)`` when it found one.
    @usableFromInline
    @inline(__always)
    func resolve<Service>(
        _ key: RegistryKey,
        via resolver: Resolver,
        found: Probe,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // The container itself first, without copying references (every copy is a retain and
        // a release, which are most of the cost of a resolve); then its parents.
        if let entry = found.entry { return try resolve(found: entry, via: resolver, arguments: arguments) }
        return try resolveElsewhere(
            key,
            in: resolver.owner.takeUnretainedValue(),
            ownSlotEmptied: found.hasSlot,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments
        )
    }

    /// ``resolve(_:via:found:name:argumentTypes:arguments:)`` of `entry`, the registration
    /// found for the key in `resolver`'s owner: the usual case, which needs neither the key's
    /// name nor its argument types (a failure names the entry's own). A factory's nested
    /// resolve calls it directly when its lookup found the registration, with four words of
    /// arguments where the full resolve takes a dozen, most of them spilled to the stack.
    @usableFromInline
    @inline(__always)
    func resolve<Service>(
        found entry: Unmanaged<AnyEntry>,
        via resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // The caller's reference keeps the entry alive to the end of this call; it is used
        // borrowed, so that it takes no more references.
        // A plain transient (the usual factory) needs no scope, hook or check: only the
        // cycle check and the factory call. A plain `.graph` service needs this
        // resolution's record of its instance besides, a plain `.request` service its
        // request scope.
        let path = entry._withUnsafeGuaranteedRef { $0.path }
        let isShort =
            path != .full && observer == nil
            && !resolver.owner._withUnsafeGuaranteedRef({ $0.registry.isLogging })
        // A plain `.graph` entry at the root of a resolution that has made nothing yet and
        // shares nothing with an awaited one is built as a plain one: no instance of it
        // exists to reuse, and nothing resolves it again before the resolution ends, so its
        // instance is not recorded (see `resolveInGraph`). The default scope's top-level
        // resolve then costs what a transient's does.
        if isShort
            && (path == .plain
                || (path == .plainGraph && depth == 0 && awaited == nil && confined.instances.isEmpty))
        {
            return try makePlain(
                Unmanaged<Entry<Service>>.fromOpaque(entry.toOpaque()),
                resolver: resolver,
                arguments: arguments
            )
        }
        // Borrowed, not copied out (a retain and a release). `_withUnsafeGuaranteedRef`
        // rethrows untyped: the error is this function's own `ResolutionError`.
        do {
            return try entry._withUnsafeGuaranteedRef { entry in
                if isShort {
                    if path == .plainGraph {
                        return try resolveInGraph(entry, resolver: resolver, arguments: arguments)
                    }
                    return try resolveInRequest(entry, resolver: resolver, arguments: arguments)
                }
                return try resolve(entry, resolver: resolver, arguments: arguments) as Service
            }
        } catch {
            throw error as! ResolutionError
        }
    }

    /// ``resolve(_:via:found:name:argumentTypes:arguments:)`` of `entry`, found in `resolver`'s
    /// owner, when it is not plain: in a call of its own, so that the usual path holds no
    /// reference to the owner. The owner is borrowed here too (a strong reference to it was a
    /// retain and a release on every `.graph` or shared resolve).
    @inline(never)
    private func resolve<Service>(
        _ entry: AnyEntry,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // First the checks: an async entry, say, is not an `Entry<Service>`.
        if _slowPath(observer != nil || entry.needsSynchronousCheck) {
            try found(entry, in: resolver.owner.takeUnretainedValue())
        }
        return try resolve(
            unsafeDowncast(entry, to: Entry<Service>.self), owner: resolver.owner, resolver: resolver,
            arguments: arguments)
    }

    /// ``resolve(_:resolver:arguments:)`` of a plain `.graph` entry (``AnyEntry/Path/plainGraph``)
    /// while neither verification nor a logger watches: its instance in this resolution if it
    /// has one, otherwise the cycle check, the factory, and the record of the instance. What
    /// ``resolveUnreported(_:owner:resolver:arguments:)`` and ``make(_:resolver:arguments:)`` do
    /// for it, without their other scopes' and hooks' steps; a resolution that an awaited one
    /// started (whose `.graph` instances that one shares) takes the full path.
    @inline(never)
    private func resolveInGraph<Service>(
        _ entry: AnyEntry,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        if !confined.instances.isEmpty, let position = confined.instances.position(of: entry) {
            return confined.instances.value(at: position, as: Service.self)
        }
        if _slowPath(awaited != nil) { return try resolve(entry, resolver: resolver, arguments: arguments) }
        let typed = unsafeDowncast(entry, to: Entry<Service>.self)
        if isBuilding(entry) { throw Failure.cycle(typed, path: pathSteps, acrossThreads: false) }
        // The resolution's root (nothing on the path): nothing resolves it again before the
        // resolution ends, so its instance is not recorded (a record, then its removal when the
        // resolution ends, were about 250 instructions of every top-level `.graph` resolve).
        let isRoot = depth == 0
        let value = try callFactory(typed, resolver: resolver, arguments: arguments)
        if !isRoot { confined.instances.insert(value, for: entry) }
        return value
    }

    /// Calls `entry`'s factory with `entry` on the path, for a registration with no hook to
    /// run after it (``make(_:resolver:arguments:)`` keeps the entry on the path while its
    /// hooks run).
    @inline(__always)
    private func callFactory<Service>(
        _ entry: Entry<Service>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        push(entry)
        defer { pop() }
        do {
            return try entry.factory(resolver, arguments)
        } catch {
            throw wrap(error, from: entry)
        }
    }

    /// ``resolve(_:resolver:arguments:)`` of a plain `.request` entry
    /// (``AnyEntry/Path/plainInRequest``) while neither verification nor a logger watches:
    /// only its request scope's claim, the factory and the store. The checks, the logger and
    /// the resolution's `instances` are skipped (such an entry is never among them); the
    /// claim tells a cycle (the entry already on this resolution's path: its row's builder is
    /// this resolution).
    @inline(never)
    private func resolveInRequest<Service>(
        _ entry: AnyEntry,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // A resolution this one was started from, on this thread, may be building it: a cycle
        // that the claim, which knows only this resolution, would take for a wait.
        if _slowPath(origin != nil) && isBuilding(entry) {
            throw Failure.cycle(entry, path: pathSteps, acrossThreads: false)
        }
        return try inRequest(unsafeDowncast(entry, to: Entry<Service>.self), resolver: resolver, arguments: arguments)
    }

    /// The rest of the lookup, when `container` itself has no registration for `key`: its
    /// parents, the first-use hook, an optional's wrapped type, and the missing-registration
    /// error. In a function of its own, so that the frame of the resolve above, one per level
    /// of a graph, holds none of its temporaries: a debug build gives every temporary of a
    /// function its own stack space, and this code's made each level of a deep graph several
    /// kilobytes deeper.
    @inline(never)
    private func resolveElsewhere<Service>(
        _ key: RegistryKey,
        in container: Container,
        ownSlotEmptied: Bool,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // [modules] An empty slot in a live container is a registration that
        // `Container.unload` emptied (and could not remove, another registration of the key
        // being installed meanwhile): not registered here; look in the parents.
        if ownSlotEmptied && container.lifecycle.isDisposed {
            throw disposedError(Service.self, name: name, argumentTypes: argumentTypes)
        }
        // Then the parents, by the same rule (Engine/Lookup.swift).
        switch container.parent?.lookUp(key) ?? .missing {
        case .found(let entry, let owner):
            if _slowPath(observer != nil || entry.needsSynchronousCheck) { try found(entry, in: owner) }
            return try resolve(
                unsafeDowncast(entry, to: Entry<Service>.self),
                owner: .passUnretained(owner),
                resolver: Resolver(context: self, owner: .passUnretained(owner)),
                arguments: arguments
            )
        case .disposed:
            throw disposedError(Service.self, name: name, argumentTypes: argumentTypes)
        case .missing:
            break
        }
        // [first use] Nothing found: if `Container.shared` still has to run the app's
        // `AutoRegistering` hook, run it and look again; also if the hook ended since the
        // lookup and registered the key (Container/Container+FirstUse.swift).
        // Only ever on this miss path, so a warm resolve never checks.
        if FirstUseGate.shouldLookAgain(for: key, from: container) {
            return try resolve(key, in: container, name: name, argumentTypes: argumentTypes, arguments: arguments)
        }
        if let optional = Service.self as? any OptionalResolvable.Type,
            let found = try optional.resolveWrapped(
                key,
                context: self,
                in: container,
                name: name,
                argumentTypes: argumentTypes,
                arguments: arguments
            )
        {
            return found as! Service
        }
        // Disposed while this resolution ran (a factory's later resolve): that is the answer,
        // not a registration to add.
        if container.lifecycle.isDisposed {
            throw disposedError(Service.self, name: name, argumentTypes: argumentTypes)
        }
        throw missingError(key, in: container, service: Service.self, name: name, argumentTypes: argumentTypes)
    }

    /// The error for `key`, which neither `container` nor its parents register, reported to
    /// verification's observer if there is one.
    @inline(never)
    private func missingError(
        _ key: RegistryKey,
        in container: Container,
        service: Any.Type,
        name: Name?,
        argumentTypes: Any.Type
    ) -> ResolutionError {
        if let observer {
            observer.missing(service, name: name, argumentTypes: argumentTypes, from: innermost)
        }
        var error = Failure.missing(
            service: service,
            name: name,
            arguments: argumentTypes,
            path: pathSteps + [Failure.step(service: service, name: name)],
            candidates: container.registrations(of: key.service)
        )
        error.missingAtDepth = depth
        return error
    }

    /// Reports `entry`, found in `owner`, to verification's observer if there is one, and
    /// throws if it cannot be resolved synchronously here.
    @inline(never)
    private func found(_ entry: AnyEntry, in owner: Container) throws(ResolutionError) {
        if let observer { observer.resolved(entry, in: owner, from: innermost) }
        if entry.needsSynchronousCheck { try checkSynchronousResolve(of: entry) }
    }

    /// Throws if `entry` cannot be resolved synchronously here: an async registration never
    /// can, a main-actor registration only on the main actor (see ``MainActorContext``).
    @inline(never)
    private func checkSynchronousResolve(of entry: AnyEntry) throws(ResolutionError) {
        if entry.isAsync { throw Failure.asyncOnly(entry, path: pathSteps) }
        if entry.isMainActor && !MainActorContext.isCurrent {
            throw Failure.mainActorOnly(entry, path: pathSteps)
        }
    }

    /// Resolves `entry`, registered in `owner`, and reports it to `owner`'s logger if it has
    /// one. The owner comes unretained (the resolution keeps it alive: it is the root or one
    /// of its ancestors), because a strong reference to it would be a retain and a release on
    /// every `.graph` or shared resolve; only a cold shared build takes one.
    @inline(__always)
    func resolve<Service>(
        _ entry: Entry<Service>,
        owner: Unmanaged<Container>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        guard _slowPath(owner._withUnsafeGuaranteedRef({ $0.registry.isLogging })) else {
            return try resolveUnreported(entry, owner: owner, resolver: resolver, arguments: arguments)
        }
        let reused = reuses(entry)
        let value = try resolveUnreported(entry, owner: owner, resolver: resolver, arguments: arguments)
        owner.takeUnretainedValue().log { ContainerEvent(reused ? .reused : .built, entry: entry) }
        return value
    }

    /// Whether resolving `entry` in this resolution reuses an instance rather than builds one,
    /// which is what the logger reports, synchronous or awaited: an instance this resolution
    /// made (or, awaited, one a branch builds), one the awaited resolution it runs in made, its
    /// request scope's, or its container's.
    @inline(never)
    func reuses<Service>(_ entry: Entry<Service>) -> Bool {
        if isAwaited {
            if hasGraphInstanceOrBuild(of: entry) { return true }
        } else if !confined.instances.isEmpty && confined.instances.position(of: entry) != nil {
            return true
        }
        if let awaited, entry.holding == .resolution {
            // Built for the awaited resolution this one runs in.
            return awaited.resolution.builtGraphInstance(of: entry) != nil
        }
        if entry.isRequestScoped {
            // Kept by the request scope, not by the slot.
            return requestScope?.hasBuilt(entry) ?? false
        }
        guard entry.isShared else { return false }
        // The instance comes out of the lock before it is dropped: for a `.weak` one this is a
        // strong reference, which may be the last (its owner let it go meanwhile), and the
        // `deinit` its release then runs must find no lock held.
        let current = entry.slot.lock.withLock { entry.currentInstance }
        defer { withExtendedLifetime(current) {} }
        return current != nil
    }

    /// Resolves `entry`, registered in `owner`: reuses what the scope allows, builds the rest.
    private func resolveUnreported<Service>(
        _ entry: Entry<Service>,
        owner: Unmanaged<Container>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        if !confined.instances.isEmpty, let position = confined.instances.position(of: entry) {
            // Built earlier in this resolution (`.graph`), or built and still running its
            // hooks (which is how `.then` completes a circular reference).
            return confined.instances.value(at: position, as: Service.self)
        }
        if isBuilding(entry) {
            throw Failure.cycle(entry, path: pathSteps, acrossThreads: false)
        }
        if _slowPath(awaited != nil), let shared = awaitedGraphInstance(of: entry) {
            // Cast here, not there: a `Service?` in this unspecialised function would make
            // every call ask the runtime for `Optional<Service>`'s metadata.
            return shared as! Service
        }
        if entry.isShared {
            if _slowPath(entry.isRequestScoped) {
                return try inRequest(entry, resolver: resolver, arguments: arguments)
            }
            return try shared(entry, owner: owner, resolver: resolver, arguments: arguments)
        }
        return try make(entry, resolver: resolver, arguments: arguments)
    }

    /// Builds or waits for the one instance a `.request` entry has in this resolution's
    /// request scope; see ``RequestScope``. Inlined into its two callers, so that the short
    /// path (``resolveInRequest(_:resolver:arguments:)``) makes one call fewer.
    @inline(__always)
    private func inRequest<Service>(
        _ entry: Entry<Service>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // Borrowed: the scope is alive while this resolution runs (see `requestScopeWord`).
        guard let scope = requestScopeWord else {
            throw Failure.noRequestScope(entry, path: pathSteps)
        }
        // A request value is read from the scope each time, not kept: it is the caller's.
        if entry.isRequestValue && !entry.hasAfterCreation {
            if try scope.borrow({ $0.isEnded }) { throw Failure.requestEnded(entry, path: pathSteps) }
            return try makePlain(.passUnretained(entry), resolver: resolver, arguments: arguments)
        }
        let row: Int
        switch try scope.borrow({ $0.claim(entry, by: self) }) {
        case .built(let stored):
            return entry.requestInstance(taking: stored)
        case .reentered:
            throw Failure.cycle(entry, path: pathSteps, acrossThreads: false)
        case .cycle:
            throw Failure.cycle(entry, path: pathSteps, acrossThreads: true)
        case .ended:
            // Ended while this resolution builds it: the cycle is the error.
            if isBuilding(entry) { throw Failure.cycle(entry, path: pathSteps, acrossThreads: false) }
            throw Failure.requestEnded(entry, path: pathSteps)
        case .build(let claimed):
            row = claimed
        }
        let value: Service
        do throws(ResolutionError) {
            if entry.hasAfterCreation {
                value = try make(entry, resolver: resolver, arguments: arguments)
            } else {
                // No hook: only the factory, on the path (its cycle is the claim's to tell).
                value = try callFactory(entry, resolver: resolver, arguments: arguments)
            }
        } catch {
            try scope.borrow { $0.abandon(row: row) }
            throw error
        }
        let stored = entry.requestStored(value)
        try scope.borrow { $0.store(stored, inRow: row, for: entry) }
        return value
    }

    /// Builds a plain entry (``AnyEntry/Path/plain``), registered in `resolver`'s owner: what
    /// ``resolveUnreported(_:owner:resolver:arguments:)`` and ``make(_:resolver:arguments:)``
    /// do for it, in one step. Such an entry is never among `instances` (only `.graph`
    /// instances and those whose hooks run are) and is never shared, so only the cycle check
    /// remains. The entry comes unretained (the caller holds it), so that the path takes no
    /// reference of its own.
    @inline(__always)
    private func makePlain<Service>(
        _ entry: Unmanaged<Entry<Service>>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        let address = entry.toOpaque()
        if isBuilding(address) {
            throw Failure.cycle(entry.takeUnretainedValue(), path: pathSteps, acrossThreads: false)
        }
        push(address)
        defer { pop() }
        do {
            // Borrowed for the call: the caller keeps the entry alive.
            return try entry._withUnsafeGuaranteedRef { entry in try entry.factory(resolver, arguments) }
        } catch {
            throw wrap(error, from: entry.takeUnretainedValue())
        }
    }

    /// Calls the factory and the hooks.
    private func make<Service>(
        _ entry: Entry<Service>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        push(entry)
        defer { pop() }
        let value: Service
        do {
            value = try entry.factory(resolver, arguments)
        } catch {
            throw wrap(error, from: entry)
        }
        // Kept for the rest of this resolution, unless something else keeps it: a transient
        // is built anew each time, and a `.request` instance is kept by its request scope (so
        // that a second resolve in this resolution finds it there), unless a hook is to run
        // on it, which may resolve it again before the scope has it.
        if !entry.hasAfterCreation && (entry.isTransient || entry.isRequestScoped) {
            return value
        }
        if !entry.isTransient { confined.instances.insert(value, for: entry) }
        // Only with hooks: walking even an empty array of them looks up the metadata of their
        // function type at run time (this code is not specialised for `Service`).
        // A `.graph` instance built in a resolution that an awaited one started is that
        // resolution's too (see ``awaited``); tested once, on the one path a `.graph` instance
        // without hooks takes, so that the usual path pays a load and a branch.
        guard entry.hasAfterCreation, let hooks = entry.hooks else {
            if _slowPath(awaited != nil) { recordForAwaited(value, of: entry) }
            return value
        }
        for hook in hooks.afterCreation {
            do {
                try hook(resolver, value)
            } catch {
                confined.instances.remove(for: entry)
                throw wrap(error, from: entry, inHook: true)
            }
        }
        if awaited != nil { recordForAwaited(value, of: entry) }
        return value
    }

    /// The `.graph` instance of `entry` that the awaited resolution this one runs in has
    /// (see ``awaited``), if it has one; nil for any other scope.
    @inline(never)
    private func awaitedGraphInstance(of entry: AnyEntry) -> Any? {
        guard let awaited, entry.holding == .resolution else { return nil }
        return awaited.resolution.builtGraphInstance(of: entry)
    }

    /// Gives `value`, just built for `entry`, to the awaited resolution this one runs in, if
    /// it is a `.graph` instance: the rest of that resolution uses it too.
    @inline(never)
    private func recordForAwaited<Service>(_ value: Service, of entry: Entry<Service>) {
        guard let awaited, entry.holding == .resolution else { return }
        awaited.resolution.recordGraphInstance(value, of: entry)
    }

    /// Builds or waits for the one instance a `.singleton`, `.cached` or `.weak` entry
    /// shares; see ``BuildCoordinator``.
    private func shared<Service>(
        _ entry: Entry<Service>,
        owner unretainedOwner: Unmanaged<Container>,
        resolver: Resolver,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        // Built already: the lock-free read (or, for `.weak`, the slot lock), so that a warm
        // path takes no container-wide lock.
        if entry.holdsInstance {
            if let box = entry.slot.readPublished { return InstanceBox<Service>.copy(box) }
        } else if let object = entry.slot.lock.withLock({ entry.object }) {
            // A class instance is the object itself: no cast.
            if entry.keepsObjectItself { return entry.instance(itself: object) }
            // `is`, then `as!`, rather than `as?`: a `Service?` here would make every call of
            // this unspecialised function ask the runtime for `Optional<Service>`'s metadata.
            if object is Service { return object as! Service }
        }
        // The owner container's lock orders the claim, the wait and the store with that
        // container's `register`, `reset` and `dispose`; no other container takes it.
        let owner = unretainedOwner.takeUnretainedValue()
        let builds = owner.lifecycle.builds
        builds.lock.lock()
        claiming: while true {
            if let existing = entry.slot.lock.withLock({ entry.currentInstance }) {
                builds.lock.unlock()
                return existing.value
            }
            // Nothing built and nobody building: a disposed container (`dispose` marks it under
            // this lock) builds nothing more; a resolve that waited for a build that ended by a
            // dispose stops here.
            if entry.build.builder == nil && owner.lifecycle.isDisposed {
                builds.lock.unlock()
                throw disposedError(Service.self, name: entry.name, argumentTypes: entry.argumentTypes)
            }
            switch BuildCoordinator.claim(entry, by: self) {
            case .build:
                break claiming
            case .reentered:
                builds.lock.unlock()
                throw Failure.cycle(entry, path: pathSteps, acrossThreads: true)
            case .wait(let builder):
                // Contended: another resolution builds it. Wait, unless that would never end.
                if BuildCoordinator.beginWaiting(self, for: entry, builtBy: builder) {
                    builds.lock.unlock()
                    throw Failure.cycle(entry, path: pathSteps, acrossThreads: true)
                }
                builds.wait()
                BuildCoordinator.endWaiting(self, for: entry)
            }
        }
        builds.lock.unlock()

        let value: Service
        var weakObject: AnyObject?
        do throws(ResolutionError) {
            value = try make(entry, resolver: resolver, arguments: arguments)
            if entry.holding == .containerWeakly {
                switch WeakHold(value) {
                case .object(let object): weakObject = object
                case .nothing: break
                case .notAnObject: throw weakValueTypeError(entry, value: value)
                }
            }
        } catch {
            builds.lock.withLock {
                if BuildCoordinator.finish(entry) { builds.broadcast() }
            }
            throw error
        }

        builds.lock.withLock {
            let wake = BuildCoordinator.finish(entry)
            // A main-actor instance is published for main-actor code only: the lock-free read
            // hands it to nothing else, past the main-actor check.
            let readers: Slot.Readers = entry.isMainActor ? .mainActor : .everyone
            entry.keepBuilt(value, weakObject: weakObject, for: readers, in: owner)?.run()
            if wake { builds.broadcast() }
        }
        return value
    }

    /// Whether `entry` is being built by this resolution, or by one that started this one on
    /// the same thread (a factory that called `container.resolve` instead of its resolver).
    @inline(__always)
    private func isBuilding(_ entry: AnyEntry) -> Bool {
        isBuilding(Unmanaged.passUnretained(entry).toOpaque())
    }

    /// ``isBuilding(_:)`` of the entry at `entry`.
    @inline(__always)
    private func isBuilding(_ entry: UnsafeMutableRawPointer) -> Bool {
        if isOnPath(entry) { return true }
        if origin == nil { return false }  // the usual case, without copying the reference
        var outer = origin
        while let context = outer, isSameThread(context.thread, thread) {
            if context.isOnPath(entry) { return true }
            outer = context.origin
        }
        return false
    }

    // MARK: - Failures

    /// The path so far, as diagnostics show it, starting at the outermost resolution on
    /// this thread, or at the awaited resolution that started it (the async registrations
    /// being built around the synchronous one it resolves).
    var pathSteps: [String] {
        var steps = path.map { Failure.step($0.takeUnretainedValue()) }
        var outermost = self
        while let context = outermost.origin, isSameThread(context.thread, thread) {
            steps = context.path.map { Failure.step($0.takeUnretainedValue()) } + steps
            outermost = context
        }
        if let awaited = outermost.awaited { steps = awaited.path.map(Failure.step) + steps }
        return steps
    }

    private func wrap(_ error: any Error, from entry: AnyEntry, inHook: Bool = false) -> ResolutionError {
        Failure.thrown(
            error, by: entry, path: pathSteps + (innermost === entry ? [] : [Failure.step(entry)]), inHook: inHook)
    }

    private func weakValueTypeError<Service>(_ entry: Entry<Service>, value: Service) -> ResolutionError {
        Failure.weakValueType(entry, valueType: type(of: value as Any), path: pathSteps + [Failure.step(entry)])
    }

    func disposedError(_ service: Any.Type, name: Name?, argumentTypes: Any.Type) -> ResolutionError {
        var error = Failure.disposed(
            service: service,
            name: name,
            argumentTypes: argumentTypes,
            path: pathSteps + [Failure.step(service: service, name: name)]
        )
        // A disposed container has no registrations: to `resolveOptional`, nothing matches.
        error.missingAtDepth = depth
        return error
    }
}

/// Thrown by the factory of a type bound with `bind` when the conversion fails; turned into
/// a ``ResolutionError`` of kind ``ResolutionError/Kind/conversionFailed`` with the path.
@usableFromInline
struct ConversionFailure: Error {
    let source: Any.Type
    let underlying: (any Error)?

    @usableFromInline
    init(source: Any.Type, underlying: (any Error)?) {
        self.source = source
        self.underlying = underlying
    }
}

/// Lets `resolve(Wrapped?.self)` fall back to the registration of `Wrapped`, so that
/// `object.child = try r.resolve()` works when `child` is an optional property.
protocol OptionalResolvable {
    static func resolveWrapped(
        _ key: RegistryKey,
        context: ResolutionContext,
        in container: Container,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Any?
}

extension Optional: OptionalResolvable {
    static func resolveWrapped(
        _ key: RegistryKey,
        context: ResolutionContext,
        in container: Container,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Any? {
        let wrappedKey = RegistryKey(service: ObjectIdentifier(Wrapped.self), name: key.name, arguments: key.arguments)
        // Found, or disposed (which the resolve reports as such): only a miss falls through.
        if case .missing = container.lookUp(wrappedKey) { return nil }
        let wrapped: Wrapped = try context.resolve(
            wrappedKey,
            in: container,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments
        )
        return Optional(wrapped) as Any
    }
}
