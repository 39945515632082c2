import Keystone

extension Resolver {
    // MARK: - Static registration, in main

    /// Registers in ``main`` how to build `Service`, with a factory that takes nothing.
    ///
    /// ```swift
    /// Resolver.register { NetworkService() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - file: Where the registration is made; Keystone's diagnostics name it.
    ///   - line: Where the registration is made; Keystone's diagnostics name it.
    ///   - factory: Builds an instance; returning nil means "cannot resolve".
    /// - Returns: The registration, to refine with `scope`, `implements` and `resolveProperties`.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactory<Service>
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, file: file, line: line, factory: factory)
    }

    /// Registers in ``main`` how to build `Service`, with a factory that takes the resolver.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactoryResolver<Service>
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, file: file, line: line, factory: factory)
    }

    /// Registers in ``main`` how to build `Service`, with a factory that takes the resolver
    /// and the resolve's arguments.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactoryArgumentsN<Service>
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, file: file, line: line, factory: factory)
    }

    // MARK: - Registration in this resolver

    /// Registers in this resolver how to build `Service`, with a factory that takes nothing.
    ///
    /// Registering the same type and name again replaces the registration. The scope is
    /// ``defaultScope`` until you set another with `.scope(_:)`.
    @discardableResult
    public final func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactory<Service>
    ) -> ResolverOptions<Service> {
        register(name: name, file: file, line: line) { _, _ in factory() }
    }

    /// Registers in this resolver how to build `Service`, with a factory that takes the
    /// resolver the resolution started from (resolve dependencies through it).
    @discardableResult
    public final func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactoryResolver<Service>
    ) -> ResolverOptions<Service> {
        register(name: name, file: file, line: line) { resolver, _ in factory(resolver) }
    }

    /// Registers in this resolver how to build `Service`, with a factory that takes the
    /// resolver and the resolve's ``Args``.
    ///
    /// ```swift
    /// resolver.register { _, args in ItemDetail(id: args("id"), title: args("title")) }
    /// ```
    @discardableResult
    public final func register<Service>(
        _ type: Service.Type = Service.self,
        name: Resolver.Name? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping ResolverFactoryArgumentsN<Service>
    ) -> ResolverOptions<Service> {
        register(name: name, file: file, line: line, arguments: factory)
    }

    private func register<Service>(
        name: Resolver.Name?,
        file: StaticString,
        line: UInt,
        arguments factory: @escaping ResolverFactoryArgumentsN<Service>
    ) -> ResolverOptions<Service> {
        if case .shared = backing { Resolver.registrationCheck() }
        let container = self.container
        let specification = RegistrationSpec<Service>(
            name: name,
            registrant: self,
            scope: Resolver.defaultScope,
            file: file,
            line: line,
            factory: factory
        )
        specification.note(in: container)
        return ResolverOptions(specification: specification, container: container)
    }
}
