/// A registration just made, to refine with more types and hooks.
///
/// ```swift
/// container.register(scope: .singleton) { _ in ThingFetcher() }
///     .bind(IntFetcher.self)
///     .bind(StringFetcher.self)
///     .then { _, fetcher in fetcher.warmUp() }
///     .onDispose { fetcher in fetcher.close() }
/// ```
///
/// Refine a registration right after making it, before it is first resolved. A handle
/// refers to the registration it made: once the same key is registered again, refining the
/// old handle does nothing.
public struct Registration<Service>: Sendable {
    let container: Container
    /// The key's slot. Held: `unload` may remove it from the container while the handle is
    /// kept, and refining the handle then finds no registration of its own there.
    let slot: Slot
    /// The generation of the registration this handle made (see ``AnyEntry/generation``).
    let generation: UInt

    @usableFromInline
    init(container: Container, slot: Slot, generation: UInt) {
        self.container = container
        self.slot = slot
        self.generation = generation
    }

    /// The registration this handle made, if its slot still holds it. Called with
    /// `slot.lock` held.
    private var ownEntry: Entry<Service>? {
        guard let entry = slot.entry, entry.generation == generation else { return nil }
        return entry as? Entry<Service>
    }

    /// Makes the registered instance resolvable as `Other` too, converted by `converter`.
    ///
    /// The bound type has the registration's name and argument types, and shares its scope:
    /// resolving `Other` resolves the registration (building or reusing its instance as its
    /// scope says) and converts it. The converter runs on every resolve of `Other`.
    /// Binding the registered type itself does nothing: the instance already resolves as it.
    ///
    /// - Parameters:
    ///   - type: The additional type.
    ///   - file: Where the binding is made; diagnostics name it. Leave the default.
    ///   - line: Where the binding is made; diagnostics name it. Leave the default.
    ///   - converter: Turns the instance into an `Other`. If it throws, the resolve fails
    ///     with ``ResolutionError/Kind/conversionFailed``.
    @discardableResult
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        converter: @escaping @Sendable (Service) throws -> Other
    ) -> Registration<Service> {
        bind(
            type, location: SourceLocation(file: file, line: line), answeredFromHeldInstance: false,
            converter: converter)
    }

    /// Installs the binding of `Other` to this registration.
    ///
    /// - Parameter answeredFromHeldInstance: Whether a resolve of `Other` may be answered from
    ///   the instance this registration holds (`.singleton`, `.cached`), published in the bound
    ///   slot after the first conversion: true for a cast, which converts an instance to the
    ///   same object every time; false for a converter, which runs on every resolve.
    @usableFromInline
    func bind<Other>(
        _ type: Other.Type,
        location: SourceLocation,
        answeredFromHeldInstance: Bool,
        converter: @escaping @Sendable (Service) throws -> Other
    ) -> Registration<Service> {
        let target = slot.key
        guard let entry = slot.lock.withLock({ ownEntry }) else { return self }
        let name = entry.name
        let argumentTypes = entry.argumentTypes
        let key = RegistryKey(service: ObjectIdentifier(Other.self), name: target.name, arguments: target.arguments)
        // Binding the registered type itself would replace the registration with a binding to
        // itself: a cycle on every resolve. The instance already resolves as that type.
        guard key != target else { return self }
        _ = container.register(key) { slot in
            let bound = Entry<Other>(
                slot: slot,
                name: name,
                scope: .transient,
                argumentTypes: argumentTypes,
                location: location,
                boundTo: target,
                // A binding of a main-actor registration converts on the main actor, so it is
                // checked the same way, before its converter runs.
                isMainActor: entry.isMainActor,
                building: .erased { resolver, arguments in
                    // One lookup of the target, which also tells whether its registration holds the
                    // instance this resolve gets, and so whether the conversion can be published: a
                    // transient's or a `.graph` instance's cannot, and asking the target's slot on
                    // every resolve cost more than the resolve itself.
                    let probe = resolver.probe(for: target)
                    let instance: Service
                    let mayPublish: Bool
                    if let box = probe?.published {
                        instance = InstanceBox<Service>.copy(box)
                        mayPublish = answeredFromHeldInstance
                    } else {
                        mayPublish = answeredFromHeldInstance && probe?.mayHoldInstance != false
                        instance = try resolver.resolve(
                            target,
                            probe: probe,
                            name: name,
                            argumentTypes: argumentTypes,
                            arguments: arguments
                        )
                    }
                    let converted: Other
                    do {
                        converted = try converter(instance)
                    } catch let failure as ConversionFailure {
                        throw failure  // a failed cast (below): nothing of the user's to wrap
                    } catch {
                        throw ConversionFailure(source: Swift.type(of: instance as Any), underlying: error)
                    }
                    if mayPublish {
                        resolver.publishConversion(converted, of: instance, target: target, bound: key)
                    }
                    return converted
                })
            bound.publishesConversion = answeredFromHeldInstance && !entry.isMainActor
            return bound
        }
        return self
    }

    /// Makes the registered instance resolvable as `Other` too, by a dynamic cast.
    ///
    /// Use it when the registered type conforms to `Other` (a protocol it implements, a
    /// superclass). If the instance turns out not to be an `Other`, the resolve fails with
    /// ``ResolutionError/Kind/conversionFailed``, never a crash.
    ///
    /// For a registration that holds its instance (`.singleton`, `.cached`), resolving `Other`
    /// costs what resolving the registration itself costs: after the first resolve, the cast
    /// instance is read without a lock, until the instance leaves its scope. For any other
    /// scope, it costs a resolve of the registration and the cast.
    @inlinable  // so that the cast is compiled for the caller's types, not looked up at run time
    @discardableResult
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        bind(type, location: SourceLocation(file: file, line: line), answeredFromHeldInstance: true) { instance in
            guard let converted = instance as? Other else {
                throw ConversionFailure(source: Swift.type(of: instance as Any), underlying: nil)
            }
            return converted
        }
    }

    /// Runs `hook` once for every new instance, right after the factory made it.
    ///
    /// The hook receives the resolver of the resolution in progress, so it can complete a
    /// circular reference: while the hook runs, resolving this registration again in the
    /// same resolution returns the new instance instead of reporting a cycle.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { r in try CircularDependencyOne(r.resolve()) }
    ///     .then { _, one in one.dependencyTwo.dependencyOne = one }
    /// ```
    ///
    /// If the hook throws, the instance is dropped and nothing is cached.
    @discardableResult
    public func then(_ hook: @escaping @Sendable (Resolver, Service) throws -> Void) -> Registration<Service> {
        update { $0.refined(afterCreation: hook) }
    }

    /// Runs `hook` when an instance this registration holds leaves its scope through
    /// ``Container/reset(_:)``, ``Container/dispose()`` or re-registration, after
    /// ``Disposable/dispose()`` if the instance is ``Disposable``.
    @discardableResult
    public func onDispose(_ hook: @escaping @Sendable (Service) -> Void) -> Registration<Service> {
        update { $0.refined(onDispose: hook) }
    }

    func update(_ change: (Entry<Service>) -> Entry<Service>) -> Registration<Service> {
        let replaced: AnyEntry? = slot.lock.withLock {
            guard let entry = ownEntry else { return nil }
            slot.entry = change(entry)
            return entry
        }
        RetiredEntries.retire(replaced, from: container.registry)
        return self
    }
}
