/// Collections with async contributions: a plugin that opens a connection, a migration that
/// reads a file. They follow the rules of synchronous collections (`Container+ResolveAll.swift`:
/// order, scopes, names and arguments, failures, unloaded contributions), awaited.
///
/// ```swift
/// container.contribute(HealthCheck.self) { _ in DiskCheck() }
/// container.contribute(HealthCheck.self, scope: .singleton) { r in
///     try await DatabaseCheck(database: r.resolve())
/// }
///
/// let checks: [HealthCheck] = try await container.resolveAllAsync()   // [DiskCheck, DatabaseCheck]
/// ```
extension Container {
    /// Adds a registration whose factory is `async` to the collection of `Service` that
    /// ``resolveAllAsync(_:name:arguments:)`` returns.
    ///
    /// Swift picks this overload for a factory that awaits. A collection with an async
    /// contribution is resolved with ``resolveAllAsync(_:name:arguments:)`` or
    /// ``AsyncResolver/resolveAll(_:name:arguments:)``; ``resolveAll(_:name:arguments:file:line:)``
    /// of it fails with ``ResolutionError/Kind/asyncOnly``. The service and the arguments must
    /// be `Sendable`, as for a registration with an async factory.
    ///
    /// - Parameters:
    ///   - type: The service type of the collection; inferred from the factory when omitted.
    ///   - name: The collection's name, if it has one.
    ///   - scope: How long this contribution's instance lives; the container's
    ///     ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds this contribution.
    /// - Returns: The registration, to chain `then`, `bind` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func contribute<Service: Sendable, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (AsyncResolver, repeat each Argument) async throws -> Service
    ) -> AsyncRegistration<Service> {
        // Both closures are made here, in the caller's specialised code, as an async
        // `register`'s are: unspecialised, each resolve asked the runtime for the metadata of
        // the arguments' tuple.
        contribute(
            to: RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            name: name,
            scope: scope,
            argumentTypes: (repeat each Argument).self,
            location: SourceLocation(file: file, line: line),
            factory: Self.erasing(factory)
        ) { key in
            // What a type bound with `bind` resolves before converting: this contribution, by
            // its own key, which is known once its slot is made.
            Self.resolvingRegistration(of: key, name: name, arguments: (repeat each Argument).self)
        }
    }

    /// Adds a registration whose async factory's arguments are already erased to
    /// `collection`; `resolving` makes, from the contribution's own key, what a type bound to
    /// it resolves.
    @usableFromInline
    func contribute<Service: Sendable>(
        to collection: RegistryKey,
        name: Name?,
        scope: Scope?,
        argumentTypes: Any.Type,
        location: SourceLocation,
        factory erased: @escaping ErasedAsyncFactory<Service>,
        resolving: (RegistryKey) -> ErasedAsyncFactory<Service>
    ) -> AsyncRegistration<Service> {
        let scope = scope ?? defaultScope
        let registration = contribute(to: collection) { slot in
            Entry<Service>(
                slot: slot,
                name: name,
                scope: scope,
                argumentTypes: argumentTypes,
                location: location,
                asyncFactory: erased
            )
        }
        return AsyncRegistration(
            container: self,
            slot: registration.slot,
            generation: registration.generation,
            resolveRegistered: resolving(registration.slot.key)
        )
    }

    /// Resolves every contribution to the collection of `Service`, synchronous or async, in
    /// the order they were made; each in an awaited resolution of its own, as
    /// ``tryResolveAll(_:name:arguments:)`` resolves each in a resolution of its own.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The collection's name, if it has one.
    ///   - arguments: The runtime arguments, passed to every contribution.
    /// - Throws: ``ResolutionError`` for the first contribution that fails, with its path;
    ///   ``ResolutionError/Kind/disposed`` if the container was disposed.
    @inlinable
    public func resolveAllAsync<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> [Service] {
        // Compiled for the caller's types, as `tryResolveAll`'s loop is.
        let members = try members(
            of: RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            collectionType: [Service].self,
            name: name,
            argumentTypes: (repeat each Argument).self
        )
        var all: [Service] = []
        for member in members where !member.wasUnloaded {
            do throws(ResolutionError) {
                let contribution: Service? = try await AsyncResolver.inNewResolution(in: self) {
                    (resolver) async throws(ResolutionError) in
                    try await resolver.resolveContribution(
                        member, name: name, arguments: repeat each arguments)
                }
                if let contribution { all.append(contribution) }
            } catch {
                reportToLogger(error)
                throw error
            }
        }
        return all
    }

    /// Reports `error`, the failure of an awaited resolve, to the logger if there is one.
    @usableFromInline
    func reportToLogger(_ error: ResolutionError) {
        if registry.isLogging { log { ContainerEvent(failure: error) } }
    }
}

extension AsyncResolver {
    /// Resolves every contribution to the collection of `Service`, synchronous or async, as
    /// part of this resolution, in the order they were made.
    ///
    /// The collection is the one seen from the container whose registration is being built
    /// (its own contributions and its parents'), as a nested ``resolve(_:name:arguments:)``
    /// would see it.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { r in
    ///     try await HealthReport(checks: r.resolveAll(HealthCheck.self))
    /// }
    /// ```
    ///
    /// - Throws: ``ResolutionError`` for the first contribution that fails, with the path.
    public func resolveAll<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> [Service] {
        if resolution.hasEnded {
            return try await inLiveResolution { (resolver) async throws(ResolutionError) in
                try await resolver.resolveAll(type, name: name, arguments: repeat each arguments)
            }
        }
        guard let container = owner.container else {
            throw Failure.disposed(
                service: [Service].self,
                name: name,
                argumentTypes: (repeat each Argument).self,
                path: path.map(Failure.step) + [Failure.step(service: [Service].self, name: name)]
            )
        }
        let collection = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        var all: [Service] = []
        for member in container.contributions(to: collection) where !member.wasUnloaded {
            let contribution: Service? = try await resolveContribution(
                member, name: name, arguments: repeat each arguments)
            if let contribution { all.append(contribution) }
        }
        return all
    }

    /// Resolves the contribution `member` as part of this resolution; nil if `unload` removed
    /// it meanwhile: the collection answers without it, as it would had the module gone
    /// before it was read.
    @inlinable
    func resolveContribution<Service, each Argument: Sendable>(
        _ member: CollectionMember,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service? {
        do {
            return try await resolveRegistration(
                member.key, as: Service.self, name: name, arguments: repeat each arguments)
        } catch  where error.kind == .notRegistered && error.path.count == path.count + 1 && member.wasUnloaded {
            // Not found by its own key (a missing dependency's path is longer), and gone.
            return nil
        }
    }
}
