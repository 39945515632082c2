/// Services whose construction is `async`: opening a database, loading a configuration.
extension Container {
    /// Registers a service whose factory is `async`.
    ///
    /// ```swift
    /// container.register(Database.self, scope: .singleton) { r in
    ///     try await Database.open(config: r.resolve())
    /// }
    /// let database: Database = try await container.resolveAsync()
    /// ```
    ///
    /// Swift picks an async form for a factory that awaits: this one for a factory with runtime
    /// arguments, and a non-variadic one, which registers alike, for a factory without. The
    /// factory receives an ``AsyncResolver``, which resolves async and synchronous
    /// registrations alike. An async service is resolved with
    /// ``resolveAsync(_:name:arguments:)`` or from another async factory; a synchronous resolve
    /// of it fails with ``ResolutionError/Kind/asyncOnly``, which is also what a synchronous
    /// factory that depends on it gets.
    ///
    /// A shared instance (`.singleton`, `.cached`, `.weak`) is built once even when many
    /// tasks ask at the same moment: the first builds it, in its own task, and the others wait
    /// for that build. Cancelling a waiting task does not cancel the build; cancelling the
    /// task that builds reaches the factory, as it would any call that task awaits. A factory
    /// that throws keeps nothing: a resolve that waited, or the next one, builds again.
    ///
    /// The service and the arguments must be `Sendable`, because the instance is built in one
    /// task and handed to others.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds an instance.
    /// - Returns: The registration, to chain `then` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func register<Service: Sendable, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (AsyncResolver, repeat each Argument) async throws -> Service
    ) -> AsyncRegistration<Service> {
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        return register(
            key,
            name: name,
            scope: scope,
            argumentTypes: (repeat each Argument).self,
            location: SourceLocation(file: file, line: line),
            factory: Self.erasing(factory),
            // What a type bound with `bind` resolves before converting: this key.
            resolveRegistered: Self.resolvingRegistration(of: key, name: name, arguments: (repeat each Argument).self)
        )
    }

    /// Registers a service whose factory is `async` and takes no runtime arguments: the same
    /// registration as the variadic form's with none, which Swift picks for such a factory.
    ///
    /// A form of its own so that each awaited build calls the factory directly, without
    /// unpacking an empty list of arguments in generic code on every call.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds an instance.
    /// - Returns: The registration, to chain `then` and `onDispose` on.
    @discardableResult
    @inlinable
    @inline(__always)
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (AsyncResolver) async throws -> Service
    ) -> AsyncRegistration<Service> {
        let key = RegistryKey(Service.self, name: name)
        return register(
            key,
            name: name,
            scope: scope,
            argumentTypes: Void.self,
            location: SourceLocation(file: file, line: line),
            factory: { resolver, _ in try await factory(resolver) },
            resolveRegistered: Self.resolvingRegistration(of: key, name: name, arguments: Void.self)
        )
    }

    /// The values of no arguments, as `Any`: cast once, when a registration is made, to its
    /// factory's argument tuple, which it matches when the factory takes none. (A cast of
    /// `()` itself the compiler reports as always failing, which it does not.)
    @usableFromInline
    static var noArguments: Any { () }

    /// What a type bound to the registration under `key` resolves before converting: that
    /// registration, with the arguments the bound type was resolved with. Built in the
    /// caller's specialised code, as ``erasing(_:)``'s factory is.
    @inlinable
    @inline(__always)
    static func resolvingRegistration<Service: Sendable, each Argument: Sendable>(
        of key: RegistryKey,
        name: Name?,
        arguments: (repeat each Argument).Type
    ) -> ErasedAsyncFactory<Service> {
        let none = Self.noArguments as? (repeat each Argument)
        return { resolver, box in
            let values = none ?? box!.values as! (repeat each Argument)
            return try await resolver.resolveRegistration(
                key, as: Service.self, name: name, arguments: repeat each values)
        }
    }

    /// `factory` with its arguments erased, as an entry keeps it. Built in the caller's
    /// specialised code, as a synchronous registration's is, so that unpacking the arguments
    /// costs no run-time metadata on each resolve; with no arguments (the usual registration),
    /// the values are made here once, not cast out of the box on each resolve.
    @inlinable
    @inline(__always)
    static func erasing<Service: Sendable, each Argument: Sendable>(
        _ factory: @escaping @Sendable (AsyncResolver, repeat each Argument) async throws -> Service
    ) -> ErasedAsyncFactory<Service> {
        let none = Self.noArguments as? (repeat each Argument)
        return { resolver, box in
            let values = none ?? box!.values as! (repeat each Argument)
            return try await factory(resolver, repeat each values)
        }
    }

    /// Registers an async factory whose arguments are already erased, under `key`.
    @usableFromInline
    func register<Service: Sendable>(
        _ key: RegistryKey,
        name: Name?,
        scope: Scope?,
        argumentTypes: Any.Type,
        location: SourceLocation,
        factory: @escaping ErasedAsyncFactory<Service>,
        resolveRegistered: @escaping ErasedAsyncFactory<Service>
    ) -> AsyncRegistration<Service> {
        let registration = register(key) { slot in
            Entry<Service>(
                slot: slot,
                name: name,
                scope: scope ?? defaultScope,
                argumentTypes: argumentTypes,
                location: location,
                asyncFactory: factory
            )
        }
        return AsyncRegistration(
            container: self, slot: registration.slot, generation: registration.generation,
            resolveRegistered: resolveRegistered)
    }

    /// Resolves a service that may have an async factory, or depend on one.
    ///
    /// It resolves synchronous registrations too, so async code can use it for everything.
    /// (Keystone does not overload `resolve` on `async`: Swift would then prefer the async
    /// overload in every async function, and each existing synchronous `resolve` there would
    /// need an `await`.)
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's in number, order
    ///     and type.
    /// - Throws: ``ResolutionError`` naming the service, the path and a fix.
    @inlinable
    @inline(__always)
    public func resolveAsync<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        // A built instance that a synchronous resolve reads without a lock (here, or a parent's
        // for a key not registered here) is read the same way: no resolution, no suspension.
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        let probe = registry.probeForAwaitedResolve(key)
        if let box = probe.published { return InstanceBox<Service>.copy(box) }
        // A plain async registration (`.transient` or `.graph`, no hooks), the usual async
        // factory: called from here, with no resolution frames between (each async frame costs
        // as much as a synchronous resolve). The resolver keeps the registration alive.
        if let entry = plainAsyncEntry(taking: probe) {
            let arguments = ArgumentBox.holding(repeat each arguments)
            return try await AsyncResolver.inNewResolution(in: self, current: entry) {
                (resolver) async throws(ResolutionError) in
                try await resolver.callFactory(Service.self, arguments: arguments)
            }
        }
        // A synchronous registration that needs no main actor: resolved here, as `tryResolve`
        // resolves it, in a synchronous resolution; the probe's reference is given back after.
        if isPlainSynchronous(probe) {
            defer { probe.release() }
            do {
                return try resolveUncached(key, found: probe, name: name, arguments: repeat each arguments)
            } catch  where error.kind == .mainActorOnly {
                // It needs a main-actor registration, here off the main actor: the full path
                // resolves it there.
                return try await resolveAsyncUncached(type, name: name, arguments: repeat each arguments)
            }
        }
        probe.release()  // looked up again below
        if parent != nil, !probe.hasSlot, let box = protectPublishedByParent(for: key, awaited: true) {
            return InstanceBox<Service>.copy(box)
        }
        return try await resolveAsyncUncached(type, name: name, arguments: repeat each arguments)
    }
}

/// A registration with an async factory, just made, to refine with more types and hooks.
///
/// ```swift
/// container.register(scope: .singleton) { r in try await Database.open(config: r.resolve()) }
///     .bind(NoteDatabase.self)
///     .then { r, database in try await database.migrate() }
///     .onDispose { database in database.close() }
/// ```
public struct AsyncRegistration<Service: Sendable>: Sendable {
    let container: Container
    let slot: Slot
    /// The generation of the registration this handle made (see ``AnyEntry/generation``).
    let generation: UInt
    /// Resolves this registration's key in a resolution, with the arguments boxed: what a
    /// type bound with ``bind(_:file:line:)`` resolves before it converts.
    let resolveRegistered: ErasedAsyncFactory<Service>

    /// Makes the registered instance resolvable as `Other` too, by a dynamic cast, as
    /// ``Registration/bind(_:file:line:)`` does for a synchronous factory.
    ///
    /// The bound type has the registration's name and argument types, and shares its
    /// instance: `resolveAsync(Other.self)` resolves the registration (building or reusing its
    /// instance as its scope says) and casts it. If the instance is not an `Other`, the resolve
    /// fails with ``ResolutionError/Kind/conversionFailed``, never a crash.
    ///
    /// For a registration that holds its instance (`.singleton`, `.cached`), an awaited
    /// resolve of `Other` costs what one of the registration itself costs: after the first, the
    /// cast instance is read without a lock, until the instance leaves its scope.
    ///
    /// - Parameters:
    ///   - type: The additional type.
    ///   - file: Where the binding is made; diagnostics name it. Leave the default.
    ///   - line: Where the binding is made; diagnostics name it. Leave the default.
    @inlinable  // so that the cast is compiled for the caller's types, not looked up at run time
    @discardableResult
    public func bind<Other: Sendable>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> AsyncRegistration<Service> {
        bind(type, location: SourceLocation(file: file, line: line), answeredFromHeldInstance: true) { instance in
            guard let converted = instance as? Other else {
                throw ConversionFailure(source: Swift.type(of: instance as Any), underlying: nil)
            }
            return converted
        }
    }

    /// Makes the registered instance resolvable as `Other` too, converted by `converter`, as
    /// ``Registration/bind(_:file:line:converter:)`` does for a synchronous factory. The
    /// converter runs on every resolve of `Other`.
    ///
    /// - Parameters:
    ///   - type: The additional type.
    ///   - file: Where the binding is made; diagnostics name it. Leave the default.
    ///   - line: Where the binding is made; diagnostics name it. Leave the default.
    ///   - converter: Turns the instance into an `Other`. If it throws, the resolve fails
    ///     with ``ResolutionError/Kind/conversionFailed``.
    @discardableResult
    public func bind<Other: Sendable>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        converter: @escaping @Sendable (Service) throws -> Other
    ) -> AsyncRegistration<Service> {
        bind(
            type, location: SourceLocation(file: file, line: line), answeredFromHeldInstance: false,
            converter: converter)
    }

    /// Installs the binding of `Other` to this registration.
    ///
    /// - Parameter answeredFromHeldInstance: Whether an awaited resolve of `Other` may be
    ///   answered from the instance this registration holds (`.singleton`, `.cached`),
    ///   published in the bound slot after the first conversion: true for a cast, which
    ///   converts an instance to the same object every time; false for a converter, which runs
    ///   on every resolve.
    @usableFromInline
    func bind<Other: Sendable>(
        _ type: Other.Type,
        location: SourceLocation,
        answeredFromHeldInstance: Bool,
        converter: @escaping @Sendable (Service) throws -> Other
    ) -> AsyncRegistration<Service> {
        let target = slot.key
        let registered: AnyEntry? = slot.lock.withLock {
            guard let entry = slot.entry, entry.generation == generation, entry.isAsync, entry is Entry<Service> else {
                return nil
            }
            return entry
        }
        // Only the registration this handle made; and binding the registered type itself
        // would make a binding to itself: the instance already resolves as that type.
        guard let registered else { return self }
        let key = RegistryKey(service: ObjectIdentifier(Other.self), name: target.name, arguments: target.arguments)
        guard key != target else { return self }
        let resolveRegistered = self.resolveRegistered
        _ = container.register(key) { slot in
            let bound = Entry<Other>(
                slot: slot,
                name: registered.name,
                scope: .transient,
                argumentTypes: registered.argumentTypes,
                location: location,
                boundTo: target
            ) { resolver, arguments in
                let instance = try await resolveRegistered(resolver, arguments)
                let converted: Other
                do {
                    converted = try converter(instance)
                } catch let failure as ConversionFailure {
                    throw failure  // a failed cast: nothing of the user's to wrap
                } catch {
                    throw ConversionFailure(source: Swift.type(of: instance as Any), underlying: error)
                }
                if answeredFromHeldInstance {
                    resolver.owner.container?.publishConversion(converted, of: instance, target: target, bound: key)
                }
                return converted
            }
            bound.publishesConversion = answeredFromHeldInstance
            return bound
        }
        return self
    }

    /// Runs `hook` once for every new instance, right after the factory made it, with the
    /// resolver of the resolution in progress. If the hook throws, the instance is dropped and
    /// nothing is kept.
    @discardableResult
    public func then(_ hook: @escaping @Sendable (AsyncResolver, Service) async throws -> Void) -> AsyncRegistration<
        Service
    > {
        update { $0.refined(asyncAfterCreation: hook) }
    }

    /// Runs `hook` when an instance this registration holds leaves its scope through
    /// ``Container/reset(_:)``, ``Container/dispose()`` or re-registration, after
    /// ``Disposable/dispose()`` if the instance is ``Disposable``.
    @discardableResult
    public func onDispose(_ hook: @escaping @Sendable (Service) -> Void) -> AsyncRegistration<Service> {
        update { $0.refined(onDispose: hook) }
    }

    private func update(_ change: (Entry<Service>) -> Entry<Service>) -> AsyncRegistration<Service> {
        let replaced: AnyEntry? = slot.lock.withLock {
            // Only the registration this handle made: once the key is registered again, the
            // handle refines nothing.
            guard let current = slot.entry, current.generation == generation,
                current.isAsync, let entry = current as? Entry<Service>
            else { return nil }
            slot.entry = change(entry)
            return entry
        }
        RetiredEntries.retire(replaced, from: container.registry)
        return self
    }
}
