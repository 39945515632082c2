/// One registration declared in a ``Module``: what `singleton { … }`, `transient { … }`,
/// `weak { … }`, `graph { … }`, `scoped(…) { … }` and `contribute(…) { … }` return.
///
/// Refine it as you would a ``Registration``:
///
/// ```swift
/// singleton { CustomNavigationController() }
///     .bind(UINavigationController.self)
///     .then { controller in controller.configure() }
/// ```
public struct Declaration<Service>: Sendable {
    let name: Name?
    /// The scope; nil for the container's default.
    let scope: Scope?
    let isContribution: Bool
    let location: SourceLocation
    let factory: @Sendable () throws -> Service
    var binds: [BoundType<Service>] = []
    var hooks: [@Sendable (Service) throws -> Void] = []
    var disposeHooks: [@Sendable (Service) -> Void] = []

    /// Makes the instance resolvable as `Other` too, converted by `converter`; see
    /// ``Registration/bind(_:file:line:converter:)``. The bound type shares the
    /// declaration's name and scope.
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        converter: @escaping @Sendable (Service) throws -> Other
    ) -> Declaration<Service> {
        var copy = self
        copy.binds.append(
            BoundType(service: Other.self, location: SourceLocation(file: file, line: line)) { registration in
                registration.bind(Other.self, file: file, line: line, converter: converter)
            })
        return copy
    }

    /// Makes the instance resolvable as `Other` too, by a dynamic cast (a protocol the
    /// instance conforms to, a superclass); see ``Registration/bind(_:file:line:)``. A cast
    /// that fails is a ``ResolutionError/Kind/conversionFailed`` error, never a crash.
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Declaration<Service> {
        var copy = self
        copy.binds.append(
            BoundType(service: Other.self, location: SourceLocation(file: file, line: line)) { registration in
                registration.bind(Other.self, file: file, line: line)
            })
        return copy
    }

    /// Runs `hook` on every new instance, right after the factory made it; `get()` inside
    /// the hook resolves from the same resolution, so it can complete a circular reference:
    ///
    /// ```swift
    /// singleton { try CircularDependencyOne(get()) }
    ///     .then { $0.dependencyTwo.dependencyOne = $0 }
    /// ```
    ///
    /// See ``Registration/then(_:)``.
    public func then(_ hook: @escaping @Sendable (Service) throws -> Void) -> Declaration<Service> {
        var copy = self
        copy.hooks.append(hook)
        return copy
    }

    /// Runs `hook` when an instance the container holds leaves its scope (through `reset`,
    /// `dispose` or `Container.unload(_:)`); see ``Registration/onDispose(_:)``.
    public func onDispose(_ hook: @escaping @Sendable (Service) -> Void) -> Declaration<Service> {
        var copy = self
        copy.disposeHooks.append(hook)
        return copy
    }

    /// The declaration with its type erased, for the module builder.
    var item: ModuleItem {
        let declaration = self
        var keys: [DeclaredKey] = []
        if !isContribution {
            keys.append(
                DeclaredKey(
                    key: RegistryKey(Service.self, name: name),
                    service: Service.self,
                    name: name,
                    location: location
                ))
            for bound in binds {
                keys.append(
                    DeclaredKey(
                        key: RegistryKey(
                            service: ObjectIdentifier(bound.service), name: name?.id ?? 0,
                            arguments: ObjectIdentifier(Void.self)),
                        service: bound.service,
                        name: name,
                        location: bound.location
                    ))
            }
        }
        return ModuleItem(keys: keys) { container in declaration.install(in: container) }
    }

    /// Registers the declaration and returns the slots of everything it installed.
    ///
    /// The registration is made whole, with its `then` and `onDispose` hooks, before it is
    /// installed: a resolve on another thread (or from the logger's report of the
    /// registration) sees it before or after, never an instance built without its hooks that
    /// the container then keeps. Each bound type is a registration of its own, installed after.
    private func install(in container: Container) -> [Slot] {
        let factory = self.factory
        let afterCreation: [@Sendable (Resolver, Service) throws -> Void] = hooks.map { hook in
            { resolver, instance in try ModuleResolution.with(resolver) { try hook(instance) } }
        }
        let entry: (Slot) -> Entry<Service> = { [name, scope, location, disposeHooks] slot in
            Entry(
                slot: slot,
                name: name,
                scope: scope ?? container.defaultScope,
                argumentTypes: Void.self,
                location: location,
                hooks: EntryHooks.make(afterCreation: afterCreation, onDispose: disposeHooks),
                building: .plain { resolver in try ModuleResolution.with(resolver, factory) }
            )
        }
        let key = RegistryKey(Service.self, name: name)
        let registration =
            isContribution
            ? container.contribute(to: key, entry)
            : container.register(key, entry)
        var slots = [registration.slot]
        for bound in binds {
            bound.apply(registration)
            let key = RegistryKey(
                service: ObjectIdentifier(bound.service), name: registration.slot.key.name,
                arguments: registration.slot.key.arguments)
            if let slot = container.registry.slot(for: key) { slots.append(slot) }
        }
        return slots
    }
}

/// A type a declaration is bound to, and how to bind it once registered.
struct BoundType<Service>: Sendable {
    let service: Any.Type
    let location: SourceLocation
    let apply: @Sendable (Registration<Service>) -> Void
}

// MARK: - Declaring

/// Declares a `.singleton` registration in a ``Module``: one instance for as long as the
/// module stays loaded (Swoin's `single`, Koin's `single`).
///
/// - Parameters:
///   - type: The service type; inferred from the factory when omitted.
///   - name: Tells apart registrations of the same type.
///   - factory: Builds the instance; call ``get(_:name:arguments:)`` (with `try`) for its
///     dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func singleton<Service>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: .singleton, isContribution: false, location: SourceLocation(file: file, line: line),
        factory: factory)
}

/// Declares a `.transient` registration in a ``Module``: a new instance on every resolve
/// (Swoin's and Koin's `factory`).
///
/// - Parameters:
///   - type: The service type; inferred from the factory when omitted.
///   - name: Tells apart registrations of the same type.
///   - factory: Builds an instance; call ``get(_:name:arguments:)`` for its dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func transient<Service>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: .transient, isContribution: false, location: SourceLocation(file: file, line: line),
        factory: factory)
}

/// Declares a `.weak` registration in a ``Module``: one instance shared while someone else
/// holds it (Swoin's `weak`).
///
/// - Parameters:
///   - type: The service type; inferred from the factory when omitted.
///   - name: Tells apart registrations of the same type.
///   - factory: Builds the instance (a class); call ``get(_:name:arguments:)`` for its
///     dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func weak<Service>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: .weak, isContribution: false, location: SourceLocation(file: file, line: line),
        factory: factory)
}

/// Declares a `.graph` registration in a ``Module``: one instance per top-level resolution.
///
/// - Parameters:
///   - type: The service type; inferred from the factory when omitted.
///   - name: Tells apart registrations of the same type.
///   - factory: Builds an instance; call ``get(_:name:arguments:)`` for its dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func graph<Service>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: .graph, isContribution: false, location: SourceLocation(file: file, line: line),
        factory: factory)
}

/// Declares a registration with any ``Scope`` in a ``Module``, such as a cached scope of
/// your own: `scoped(.session) { Session() }`.
///
/// - Parameters:
///   - scope: How long an instance lives.
///   - type: The service type; inferred from the factory when omitted.
///   - name: Tells apart registrations of the same type.
///   - factory: Builds an instance; call ``get(_:name:arguments:)`` for its dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func scoped<Service>(
    _ scope: Scope,
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: scope, isContribution: false, location: SourceLocation(file: file, line: line),
        factory: factory)
}

/// Declares a contribution to the collection of `Service` in a ``Module``; see
/// ``Container/contribute(_:name:scope:file:line:factory:)-(_,_,_,_,_,(Resolver)->Service)``. Contributions from several
/// modules add up, in load order, and never conflict.
///
/// - Parameters:
///   - type: The collection's service type; inferred from the factory when omitted.
///   - name: The collection's name, if it has one.
///   - scope: How long this contribution's instance lives; the container's default when
///     omitted.
///   - factory: Builds the contribution; call ``get(_:name:arguments:)`` for its
///     dependencies.
///   - file: Where the registration is made; diagnostics name it. Leave the default.
///   - line: Where the registration is made; diagnostics name it. Leave the default.
public func contribute<Service>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    scope: Scope? = nil,
    file: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () throws -> Service
) -> Declaration<Service> {
    Declaration(
        name: name, scope: scope, isContribution: true,
        location: SourceLocation(file: file, line: line), factory: factory)
}
