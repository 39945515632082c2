/// Collections: several registrations contributed to one service type, resolved together.
///
/// Plugins, interceptors, migrations, health checks: a service that has many
/// implementations, each registered where it belongs (often in different modules), and used
/// all together. Each implementation is a *contribution*:
///
/// ```swift
/// container.contribute(Migration.self) { _ in CreateUsers() }
/// container.contribute(Migration.self, scope: .singleton) { r in try AddIndex(db: r.resolve()) }
///
/// let migrations: [Migration] = container.resolveAll()   // [CreateUsers, AddIndex]
/// ```
///
/// ## Decisions
///
/// * **A distinct method.** `contribute` adds to the collection; it never replaces (as
///   `register` does) and is never replaced. A plain `register(Migration.self)` is a separate,
///   single registration that `resolve` returns and `resolveAll` does not include; the two
///   never see each other, so adding a plugin cannot change what `resolve` gives.
/// * **Order.** `resolveAll` returns the contributions in the order they were made; across a
///   parent and its children, the root's first, then each child's down to the container
///   resolved from (a child adds to its parent's collection; it cannot remove from it).
/// * **Scopes.** Every contribution keeps its own scope: a `.singleton` contribution is built
///   once and returned by every `resolveAll`, a `.transient` one is new each time. Each is
///   held, reset and disposed like any registration (`reset`, `dispose`, newest first).
/// * **Names and arguments.** A collection is identified like a registration: by service
///   type, name and argument types. `resolveAll(name: "audit")` returns the contributions made
///   with that name; `resolveAll(arguments: x)` passes `x` to each contribution whose factory
///   takes one argument of that type.
/// * **Failures.** If one contribution cannot be built, `resolveAll` fails as a whole
///   (`tryResolveAll` throws the error with its path; `resolveAll` traps with it); it never
///   returns part of a collection. An empty collection is not an error: it is `[]`. A
///   contribution whose module `unload` removes while `resolveAll` runs is not a failure: if
///   it is gone when `resolveAll` reaches it, the answer leaves it out.
extension Container {
    /// Adds a registration to the collection of `Service` that ``resolveAll(_:name:arguments:file:line:)``
    /// returns.
    ///
    /// - Parameters:
    ///   - type: The service type of the collection; inferred from the factory when omitted.
    ///   - name: The collection's name, if it has one.
    ///   - scope: How long this contribution's instance lives; the container's
    ///     ``defaultScope`` when omitted.
    ///   - factory: Builds this contribution, as the factory of
    ///     `register` does.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    /// - Returns: The registration, to chain `then` and `onDispose` on.
    @discardableResult
    public func contribute<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        let erased: @Sendable (Resolver, UnsafeRawPointer) throws -> Service = { resolver, arguments in
            let values = arguments.assumingMemoryBound(to: (repeat each Argument).self).pointee
            return try factory(resolver, repeat each values)
        }
        let scope = scope ?? defaultScope
        let location = SourceLocation(file: file, line: line)
        return contribute(to: RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)) { slot in
            Entry<Service>(
                slot: slot,
                name: name,
                scope: scope,
                argumentTypes: (repeat each Argument).self,
                location: location,
                factory: erased
            )
        }
    }

    /// Installs the entry that `entry` makes, in a slot of its own, and adds it to
    /// `collection`: the entry is made whole (with its hooks, for a module's declaration)
    /// before it is installed, and installed before the collection lists it.
    func contribute<Service>(to collection: RegistryKey, _ entry: (Slot) -> Entry<Service>) -> Registration<Service> {
        let token = ContributionToken()
        // The key of the contribution's own registration: unique by the token's identity,
        // which is a heap address and so never equals a type's metadata address.
        let key = RegistryKey(service: ObjectIdentifier(token), name: collection.name, arguments: collection.arguments)
        let slot = registry.slotCreatingIfNeeded(for: key)
        let generation = install(entry(slot))
        features.lock.withLock {
            features.collections[collection, default: []].append(Contribution(token: token, slot: slot))
        }
        return Registration(container: self, slot: slot, generation: generation)
    }

    /// Resolves every contribution to the collection of `Service`, in the order they were
    /// made, trapping with the full diagnostic if one cannot be built.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The collection's name, if it has one.
    ///   - arguments: The runtime arguments, passed to every contribution.
    ///   - file: The file of the call, which a trap names. Leave the default.
    ///   - line: The line of the call, which a trap names. Leave the default.
    public func resolveAll<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [Service] {
        do {
            return try tryResolveAll(type, name: name, arguments: repeat each arguments)
        } catch {
            error.trap(file: file, line: line)
        }
    }

    /// Resolves every contribution to the collection of `Service`, in the order they were
    /// made, throwing if one cannot be built.
    ///
    /// - Throws: ``ResolutionError`` for the first contribution that fails, with its path;
    ///   ``ResolutionError/Kind/disposed`` if the container was disposed.
    public func tryResolveAll<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> [Service] {
        let argumentTypes: Any.Type = (repeat each Argument).self
        if isDisposed {
            throw Failure.disposed(
                service: [Service].self,
                name: name,
                argumentTypes: argumentTypes,
                path: [Failure.step(service: [Service].self, name: name)]
            )
        }
        _ = FirstUseGate.runPending(from: self)
        let collection = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        let contributions = contributions(to: collection)
        return try withUnsafePointer(to: (repeat each arguments)) { (pointer) throws(ResolutionError) -> [Service] in
            var all: [Service] = []
            all.reserveCapacity(contributions.count)
            for (owner, slot) in contributions where !owner.wasUnloaded(slot) {
                do throws(ResolutionError) {
                    let service: Service = try resolveUncached(
                        slot.key,
                        found: registry.lookUpEntry(slot.key),  // given back by `resolveUncached`
                        name: name,
                        argumentTypes: argumentTypes,
                        arguments: UnsafeRawPointer(pointer)
                    )
                    all.append(service)
                } catch  where error.isMissingRoot(depth: 0) && owner.wasUnloaded(slot) {
                    continue  // unloaded between the check above and the lookup
                }
            }
            return all
        }
    }

    /// The contributions to `collection` in this container and its parents, root first: each
    /// one's slot and the container it was contributed to.
    func contributions(to collection: RegistryKey) -> [(owner: Container, slot: Slot)] {
        var chain: [Container] = []
        var current: Container? = self
        while let container = current {
            chain.append(container)
            current = container.parent
        }
        return chain.reversed().flatMap { container in
            container.existingFeatures.map { features in
                features.lock.withLock { features.collections[collection]?.map { (container, $0.slot) } ?? [] }
            } ?? []
        }
    }

    /// Whether `unload` removed the contribution in `slot` (one of this container's) after a
    /// resolution read its collection: the registration is gone, and the container is not
    /// disposed (a disposed container's resolve fails as such). A collection answers without
    /// such a contribution, as it would had the module gone before it was read.
    func wasUnloaded(_ slot: Slot) -> Bool {
        slot.lock.withLock { slot.entry == nil } && !lifecycle.isDisposed
    }
}

extension Resolver {
    /// Resolves every contribution to the collection of `Service` as part of this
    /// resolution, in the order they were made.
    ///
    /// The collection is the one seen from the container whose registration is being built
    /// (its own contributions and its parents'), as a nested ``resolve(_:name:arguments:)``
    /// would see it.
    ///
    /// - Throws: ``ResolutionError`` for the first contribution that fails, with the path.
    public func resolveAll<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> [Service] {
        let argumentTypes: Any.Type = (repeat each Argument).self
        let container = context.isUsableHere ? owner.takeUnretainedValue() : context.escapedLookup(owner).container
        guard let container else {
            // The container is gone: resolve anything to get the resolver's own diagnostic.
            let _: [Service] = try resolve(name: name, arguments: repeat each arguments)
            return []
        }
        let collection = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        let contributions = container.contributions(to: collection)
        // The depth at which a missing contribution is reported (see `resolveOptional`).
        let depth = context.isUsableHere ? context.depth : 0
        return try withUnsafePointer(to: (repeat each arguments)) { (pointer) throws(ResolutionError) -> [Service] in
            var all: [Service] = []
            all.reserveCapacity(contributions.count)
            for (owner, slot) in contributions where !owner.wasUnloaded(slot) {
                do throws(ResolutionError) {
                    let service: Service = try resolve(
                        slot.key,
                        name: name,
                        argumentTypes: argumentTypes,
                        arguments: UnsafeRawPointer(pointer)
                    )
                    all.append(service)
                } catch  where error.isMissingRoot(depth: depth) && owner.wasUnloaded(slot) {
                    continue  // unloaded between the check above and the lookup
                }
            }
            return all
        }
    }
}
