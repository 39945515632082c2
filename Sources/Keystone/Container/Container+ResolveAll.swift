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
    @inlinable
    @inline(__always)
    public func contribute<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        // Built in the caller's specialised code, as `register`'s is, so that unpacking the
        // arguments costs no run-time metadata on every resolve.
        let erased: @Sendable (Resolver, PackedArguments) throws -> Service = { resolver, arguments in
            let values = arguments.values(as: (repeat each Argument).self)
            return try factory(resolver, repeat each values)
        }
        return contribute(
            to: RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            name: name,
            scope: scope,
            argumentTypes: (repeat each Argument).self,
            location: SourceLocation(file: file, line: line),
            factory: .erased(erased)
        )
    }

    /// Adds a registration whose factory takes only its ``Resolver`` to the collection of
    /// `Service`: the same contribution as the form with runtime arguments makes with none,
    /// which Swift picks for such a factory.
    ///
    /// A form of its own so that the contribution keeps the factory as it is given: a factory
    /// that captures values, or one contributed from generic code (a loader adding the plug-ins
    /// it is handed), is not wrapped in a closure of its own.
    ///
    /// - Parameters:
    ///   - type: The service type of the collection; inferred from the factory when omitted.
    ///   - name: The collection's name, if it has one.
    ///   - scope: How long this contribution's instance lives; the container's
    ///     ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds this contribution, as the factory of `register` does.
    /// - Returns: The registration, to chain `then` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func contribute<Service>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> Registration<Service> {
        contribute(
            to: RegistryKey(Service.self, name: name),
            name: name,
            scope: scope,
            argumentTypes: Void.self,
            location: SourceLocation(file: file, line: line),
            factory: .plain(factory)
        )
    }

    /// Adds a registration built by `factory` to `collection`. Inlined, as `register`'s is, so
    /// that the entry's generic metadata is the caller's constant rather than looked up.
    @inlinable
    func contribute<Service>(
        to collection: RegistryKey,
        name: Name?,
        scope: Scope?,
        argumentTypes: Any.Type,
        location: SourceLocation,
        factory: EntryFactory<Service>
    ) -> Registration<Service> {
        let scope = scope ?? defaultScope
        return contribute(to: collection) { slot in
            Entry<Service>(
                slot: slot,
                name: name,
                scope: scope,
                argumentTypes: argumentTypes,
                location: location,
                building: factory
            )
        }
    }

    /// Installs the entry that `entry` makes, in a slot of its own, and adds it to
    /// `collection`: the entry is made whole (with its hooks, for a module's declaration)
    /// before it is installed, and installed before the collection lists it.
    @usableFromInline
    func contribute<Service>(to collection: RegistryKey, _ entry: (Slot) -> Entry<Service>) -> Registration<Service> {
        let token = ContributionToken()
        // The key of the contribution's own registration: unique by the token's identity,
        // which is a heap address and so never equals a type's metadata address.
        let key = RegistryKey(service: ObjectIdentifier(token), name: collection.name, arguments: collection.arguments)
        let registration = register(key, entry)
        features.lock.withLock {
            features.collections[collection, default: []].append(Contribution(token: token, slot: registration.slot))
        }
        return registration
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
    @inlinable
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
    @inlinable
    public func tryResolveAll<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> [Service] {
        let argumentTypes: Any.Type = (repeat each Argument).self
        let members = try members(
            of: RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            collectionType: [Service].self,
            name: name,
            argumentTypes: argumentTypes
        )
        // The loop is compiled for the caller's types, so that neither the arguments' tuple nor
        // the array of `Service` asks the runtime for metadata.
        return try PackedArguments.with(repeat each arguments) { (packed) throws(ResolutionError) -> [Service] in
            var all: [Service] = []
            all.reserveCapacity(members.count)
            for member in members {
                let found: Probe
                if member.registry === registry {
                    // This container's own: read from the slot the walk found, and left out if
                    // `unload` emptied it since (a disposed container's fails as such).
                    found = registry.lookUpForResolve(in: member.slot)
                    if case .emptySlot = found, !isDisposed { continue }
                } else {
                    // A parent's: looked up from here, which finds it in its owner.
                    if member.wasUnloaded { continue }
                    found = registry.lookUpForResolve(member.key)
                }
                do throws(ResolutionError) {
                    let service: Service = try resolveUncached(
                        member.key,
                        found: found,
                        name: name,
                        argumentTypes: argumentTypes,
                        arguments: packed
                    )
                    all.append(service)
                } catch  where error.isMissingRoot(depth: 0) && member.wasUnloaded {
                    continue  // unloaded between the check above and the lookup
                }
            }
            return all
        }
    }

    /// The contributions that ``tryResolveAll(_:name:arguments:)`` resolves: those to
    /// `collection` here and in the parents, once a pending first-use hook ran.
    ///
    /// - Throws: ``ResolutionError/Kind/disposed`` if the container was disposed.
    @usableFromInline
    func members(
        of collection: RegistryKey,
        collectionType: Any.Type,
        name: Name?,
        argumentTypes: Any.Type
    ) throws(ResolutionError) -> [CollectionMember] {
        if isDisposed {
            throw Failure.disposed(
                service: collectionType,
                name: name,
                argumentTypes: argumentTypes,
                path: [Failure.step(service: collectionType, name: name)]
            )
        }
        _ = FirstUseGate.runPending(from: self)
        return contributions(to: collection)
    }

    /// The contributions to `collection` in this container and its parents, root first.
    func contributions(to collection: RegistryKey) -> [CollectionMember] {
        var found: [CollectionMember] = []
        appendContributions(to: collection, into: &found)
        return found
    }

    /// Appends the contributions to `collection` in this container's parents, then its own.
    private func appendContributions(to collection: RegistryKey, into found: inout [CollectionMember]) {
        parent?.appendContributions(to: collection, into: &found)
        guard let features = existingFeatures else { return }
        features.lock.withLock {
            guard let own = features.collections[collection] else { return }
            found.reserveCapacity(found.count + own.count)
            for contribution in own { found.append(CollectionMember(slot: contribution.slot, of: self)) }
        }
    }

    /// Whether `unload` removed the contribution in `slot` (one of this container's) after a
    /// resolution read its collection: the registration is gone, and the container is not
    /// disposed (a disposed container's resolve fails as such). A collection answers without
    /// such a contribution, as it would had the module gone before it was read.
    func wasUnloaded(_ slot: Slot) -> Bool {
        Self.wasUnloaded(slot, lifecycle: lifecycle)
    }

    /// ``wasUnloaded(_:)`` of the container whose lifetime state is `lifecycle`.
    static func wasUnloaded(_ slot: Slot, lifecycle: Lifecycle) -> Bool {
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
    @inlinable
    public func resolveAll<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> [Service] {
        let argumentTypes: Any.Type = (repeat each Argument).self
        guard
            let (members, depth) = collectionMembers(
                RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self))
        else {
            // The container is gone: resolve anything to get the resolver's own diagnostic.
            let _: [Service] = try resolve(name: name, arguments: repeat each arguments)
            return []
        }
        // Compiled for the caller's types, as `Container.tryResolveAll`'s loop is.
        return try PackedArguments.with(repeat each arguments) { (packed) throws(ResolutionError) -> [Service] in
            var all: [Service] = []
            all.reserveCapacity(members.count)
            for member in members where !member.wasUnloaded {
                do throws(ResolutionError) {
                    let service: Service = try resolve(
                        member.key,
                        name: name,
                        argumentTypes: argumentTypes,
                        arguments: packed
                    )
                    all.append(service)
                } catch  where error.isMissingRoot(depth: depth) && member.wasUnloaded {
                    continue  // unloaded between the check above and the lookup
                }
            }
            return all
        }
    }
}

/// One contribution to a collection, as `resolveAll` walks them: its registration's slot, and
/// the registry of the container it was contributed to.
@usableFromInline
struct CollectionMember {
    @usableFromInline let slot: Slot
    /// The registry of the container it was contributed to, which keeps that container's
    /// lifetime state: not the container, which a container with collections holds weakly
    /// (for its async resolvers), so that each retain and release of it takes the runtime's
    /// slow path.
    @usableFromInline let registry: Registry

    init(slot: Slot, of owner: Container) {
        self.slot = slot
        self.registry = owner.registry
    }

    /// The key of the contribution's own registration.
    @usableFromInline
    var key: RegistryKey { slot.key }

    /// Whether `unload` removed the contribution after the walk read its collection.
    @usableFromInline
    var wasUnloaded: Bool { Container.wasUnloaded(slot, lifecycle: Lifecycle(registry)) }
}

extension Resolver {
    /// The contributions that ``resolveAll(_:name:arguments:)`` resolves to `collection`, seen
    /// from this resolver's container, and the depth at which a missing contribution is
    /// reported; nil if that container no longer exists.
    @usableFromInline
    func collectionMembers(_ collection: RegistryKey) -> ([CollectionMember], Int)? {
        let container = context.isUsableHere ? owner.takeUnretainedValue() : context.escapedLookup(owner).container
        guard let container else { return nil }
        // The depth at which a missing contribution is reported (see `resolveOptional`).
        let depth = context.isUsableHere ? context.depth : 0
        return (container.contributions(to: collection), depth)
    }
}
