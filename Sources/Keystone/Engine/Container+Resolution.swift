import CKeystoneThreadPrimitives

/// Where a resolve from a container enters the engine, once the façade's lock-free read
/// (``Container/tryResolve(_:name:arguments:)``) found no built instance: the top-level
/// resolution, in the thread's spare context or a new one, and the lookups that decide without
/// one (nothing registered anywhere, a parent's built instance).
extension Container {
    /// Whether a resolve of `key` would certainly fail as not registered, by a check cheaper
    /// than the resolve: no slot for it here or in any parent, and no first-use hook still to
    /// run. False whenever the failure would be seen by more than the caller that drops it: a
    /// logger here, a disposed container, or verification watching the resolution in
    /// progress. The caller checks that the service is not an optional (whose wrapped type
    /// may be registered): `_isOptional` is answered at compile time in its specialised code,
    /// where asking here would be a conformance lookup.
    ///
    /// - Parameter topLevel: Whether the resolve would start a resolution of its own (from a
    ///   container, not from a factory's ``Resolver``); it then inherits the verification
    ///   observer of a resolution running on this thread, if any.
    @usableFromInline
    @inline(never)
    func isRegisteredNowhere(_ key: RegistryKey, topLevel: Bool) -> Bool {
        guard !registry.isLogging, !lifecycle.isDisposed else { return false }
        if topLevel, CurrentResolution.context?.observer != nil { return false }
        // Up the parents borrowed, as `protectPublishedByParent` does.
        var next: Unmanaged<Container>? = .passUnretained(self)
        while let current = next {
            // The hook first, then the slot: a hook seen done (a load of the ``Flag`` it sets,
            // which releases, when it ends) happened before this lookup, with every
            // slot it made. The other order could miss the slot of a hook that ended between
            // the two reads, and answer nil for a service that hook registered.
            let registered = current._withUnsafeGuaranteedRef { container in
                container.firstUse?.isPending == true || container.registry.hasSlot(for: key)
            }
            if registered { return false }
            next = current._withUnsafeGuaranteedRef { $0.parent.map { Unmanaged.passUnretained($0) } }
        }
        return true
    }

    /// Resolves `key` when no held instance answers: a new top-level resolution, linked to the
    /// one running on this thread, if any (a factory that called `container.resolve`), in
    /// `requestScope` if given (a ``RequestScope``'s resolve). `found` is what this container
    /// has for `key`, already looked up by the caller, who keeps it alive: borrowed, from
    /// ``Registry/probeForResolve(_:)`` (the resolution this runs keeps it alive, and ends its
    /// thread's note), or retained, given back by the caller afterwards.
    @usableFromInline
    @inline(never)
    func resolveUncached<Service>(
        _ key: RegistryKey,
        found: Probe,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments,
        requestScope: RequestScope? = nil
    ) throws(ResolutionError) -> Service {
        // The usual case: nothing else resolves on this thread, and it has a spare context.
        guard keystone_get_current_resolution() == nil, let spare = keystone_take_spare_resolution() else {
            let origin = CurrentResolution.context
            // A factory that `verify()` runs, resolving from a container it captured (or from
            // `Container.shared` bound to it): resolved in verification's copy of it, so that
            // verification builds nothing in the container it checks.
            if let observer = origin?.observer {
                let shadow = observer.shadow(of: self)
                if shadow !== self {
                    return try shadow.resolveInNewContext(
                        key, origin: origin, name: name, argumentTypes: argumentTypes, arguments: arguments,
                        requestScope: requestScope)
                }
            }
            return try resolveInNewContext(
                key,
                found: found,
                origin: origin,
                name: name,
                argumentTypes: argumentTypes,
                arguments: arguments,
                requestScope: requestScope
            )
        }
        return try resolve(
            key,
            found: found,
            inSpare: .fromOpaque(spare),
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments,
            requestScope: requestScope
        )
    }

    /// ``resolveInNewContext(_:found:origin:name:argumentTypes:arguments:observer:requestScope:awaited:reportsFailure:)`` for a
    /// top-level resolution that starts no other (none runs on this thread), in `spare`, the
    /// thread's spare context (taken, retained): without the reference counting of a context
    /// looked up and linked to another.
    @inline(__always)
    func resolve<Service>(
        _ key: RegistryKey,
        found: Probe,
        inSpare spare: Unmanaged<ResolutionContext>,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments,
        requestScope: RequestScope? = nil
    ) throws(ResolutionError) -> Service {
        // Borrowed, never copied: a reference held here would make the context look escaped
        // to `finish`.
        spare._withUnsafeGuaranteedRef { $0.restart(root: self, requestScope: requestScope) }
        _ = keystone_set_current_resolution(spare.toOpaque())
        defer {
            if _slowPath(keystone_set_current_resolution(nil)) { RetiredEntries.reclaim() }
            ResolutionContext.finish(spare.takeRetainedValue())
        }
        return try spare.borrow { (context) throws(ResolutionError) in
            try run(key, found: found, in: context, name: name, argumentTypes: argumentTypes, arguments: arguments)
        }
    }

    /// Resolves `key` (`found` here) as the top-level resolution that `context` runs: refused
    /// by a disposed container, a failure reported to the logger.
    @inline(__always)
    private func run<Service>(
        _ key: RegistryKey,
        found: Probe,
        in context: ResolutionContext,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments,
        reportsFailure: Bool = true
    ) throws(ResolutionError) -> Service {
        if lifecycle.isDisposed {
            throw context.disposedError(Service.self, name: name, argumentTypes: argumentTypes)
        }
        do {
            return try context.resolve(
                key, in: self, found: found, name: name, argumentTypes: argumentTypes, arguments: arguments)
        } catch {
            if reportsFailure && registry.isLogging { log { ContainerEvent(failure: error) } }
            throw error
        }
    }

    /// The instance a parent publishes for `key`, in a read section left open (the caller
    /// copies it out with ``InstanceBox/copy(_:)``, which ends it), when this container has no
    /// slot for it:
    /// the lock-free read, one level up, so that a child (a request's container, say)
    /// resolving its parent's built singleton takes no lock and makes no context. Nil whenever
    /// the answer needs the full lookup: a disposed container, a slot here (registered, or
    /// removed by `unload`), a parent's slot that publishes nothing, a logger to report to.
    ///
    /// `awaited`: the resolve is awaited, and may read an async registration's instance.
    @usableFromInline
    func protectPublishedByParent(for key: RegistryKey, awaited: Bool = false) -> UnsafeMutableRawPointer? {
        guard !registry.isLogging, !lifecycle.isDisposed, !registry.hasSlot(for: key) else { return nil }
        // Up the parents borrowed (each holds its own parent): a strong reference to each was
        // a retain and a release per level, on every such resolve.
        var next = parent.map { Unmanaged.passUnretained($0) }
        while let current = next {
            let answer: (found: Bool, box: UnsafeMutableRawPointer?) = current._withUnsafeGuaranteedRef { container in
                if container.registry.isLogging { return (true, nil) }
                return container.registry.publishedInstance(for: key, awaited: awaited)
            }
            if answer.found { return answer.box }
            next = current._withUnsafeGuaranteedRef { $0.parent.map { Unmanaged.passUnretained($0) } }
        }
        return nil
    }

    /// Runs a top-level resolution of `key` in a context of its own.
    func resolveInNewContext<Service>(
        _ key: RegistryKey,
        origin: ResolutionContext?,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments,
        observer: VerificationObserver? = nil,
        requestScope: RequestScope? = nil,
        awaited: AsyncResolver? = nil,
        reportsFailure: Bool = true
    ) throws(ResolutionError) -> Service {
        let found = registry.lookUpEntry(key)
        defer { found.release() }
        return try resolveInNewContext(
            key,
            found: found,
            origin: origin,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments,
            observer: observer,
            requestScope: requestScope,
            awaited: awaited,
            reportsFailure: reportsFailure
        )
    }

    /// Runs a top-level resolution of `key`, `found` here, in a context of its own.
    ///
    /// - Parameters:
    ///   - awaited: The resolver of the awaited resolution that starts this one, for a
    ///     synchronous registration one of its async factories needs: the two share `.graph`
    ///     instances, and a failure's path starts with the awaited one's.
    ///   - reportsFailure: Whether a failure goes to the logger: not for a resolution that an
    ///     awaited resolve starts for a synchronous registration, whose failure that resolve
    ///     reports, once, from the container it was asked of.
    @inline(never)
    func resolveInNewContext<Service>(
        _ key: RegistryKey,
        found: Probe,
        origin: ResolutionContext?,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments,
        observer: VerificationObserver? = nil,
        requestScope: RequestScope? = nil,
        awaited: AsyncResolver? = nil,
        reportsFailure: Bool = true
    ) throws(ResolutionError) -> Service {
        let context = ResolutionContext.begin(
            root: self, origin: origin, observer: observer, requestScope: requestScope, awaited: awaited)
        let previous = CurrentResolution.context
        _ = CurrentResolution.set(context)
        // The context is handed to `finish` as its last use on each path (not from a `defer`,
        // where a debug build keeps a copy of it, which made every such context look kept by
        // a resolver: none became the thread's spare, and the tests never ran the spare path).
        do {
            let value: Service = try run(
                key, found: found, in: context, name: name, argumentTypes: argumentTypes, arguments: arguments,
                reportsFailure: reportsFailure)
            if _slowPath(CurrentResolution.set(previous)) { RetiredEntries.reclaim() }
            ResolutionContext.finish(consume context)
            return value
        } catch {
            if _slowPath(CurrentResolution.set(previous)) { RetiredEntries.reclaim() }
            ResolutionContext.finish(consume context)
            throw error
        }
    }

    /// The registrations of a service type in this container and its parents, for
    /// near-miss diagnostics.
    func registrations(of service: ObjectIdentifier) -> [AnyEntry] {
        var found: [AnyEntry] = []
        var current: Container? = self
        while let container = current {
            for slot in container.registry.allSlots where slot.key.service == service {
                if let entry = slot.lock.withLock({ slot.entry }) { found.append(entry) }
            }
            current = container.parent
        }
        return found
    }
}
