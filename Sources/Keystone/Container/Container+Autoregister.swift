/// Registrations whose factory is an initialiser: every parameter is resolved for you.
///
/// ```swift
/// container.autoregister(ThingFetcher.init)                          // ThingFetcher(thing:)
/// container.autoregister(Storage.self, scope: .singleton, DiskStorage.init)
/// container.autoregister(DetailViewModel.init, argument: Game.self)  // DetailViewModel(game:api:)
/// ```
///
/// ## Decisions
///
/// * **Any arity.** The initialiser's parameters are a parameter pack; each one is resolved,
///   in order, through the resolver of the resolution in progress, exactly as
///   `register { r in try ThingFetcher(thing: r.resolve()) }` would, so graph scope, cycle
///   detection and failure paths are the same.
/// * **Unnamed, argument-free dependencies.** Every parameter resolves the registration of
///   its type with no name and no arguments. A dependency that needs a name or arguments is
///   spelled out with ``register(_:name:scope:file:line:factory:)``.
/// * **One runtime argument, first.** `argument:` passes a runtime argument to the
///   initialiser's *first* parameter and resolves the rest. More runtime arguments would be
///   ambiguous (Swift cannot split one parameter list between two packs), so they go through
///   `register`.
extension Container {
    /// Registers the result type of `initializer`, built with every parameter resolved from
    /// the container.
    ///
    /// - Parameters:
    ///   - initializer: An initialiser (`ThingFetcher.init`) whose parameters are all
    ///     services registered without a name or arguments.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    public func autoregister<Service, each Dependency>(
        _ initializer: @escaping @Sendable (repeat each Dependency) throws -> Service,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        autoregister(Service.self, name: name, scope: scope, file: file, line: line, initializer)
    }

    /// Registers `type`, built by `initializer` with every parameter resolved from the
    /// container: the form for registering an implementation under a protocol, or for a
    /// closure.
    ///
    /// ```swift
    /// container.autoregister(Storage.self, scope: .singleton, DiskStorage.init)
    /// container.autoregister(Greeting.self) { (user: User) in Greeting(for: user.name) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type to register.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - initializer: An initialiser or closure whose parameters are all services
    ///     registered without a name or arguments.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    public func autoregister<Service, each Dependency>(
        _ type: Service.Type,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ initializer: @escaping @Sendable (repeat each Dependency) throws -> Service
    ) -> Registration<Service> {
        register(type, name: name, scope: scope, file: file, line: line) { resolver in
            try initializer(repeat resolver.resolve((each Dependency).self))
        }
    }

    /// Registers the result type of `initializer`, built with a runtime argument for its
    /// first parameter and every other parameter resolved from the container.
    ///
    /// ```swift
    /// container.autoregister(DetailViewModel.init, argument: Game.self)
    /// let viewModel: DetailViewModel = container.resolve(arguments: game)
    /// ```
    ///
    /// - Parameters:
    ///   - initializer: An initialiser or closure whose first parameter is the runtime
    ///     argument and whose other parameters are services registered without a name or
    ///     arguments.
    ///   - argument: The type of the runtime argument that resolves must pass.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    public func autoregister<Service, Argument, each Dependency>(
        _ initializer: @escaping @Sendable (Argument, repeat each Dependency) throws -> Service,
        argument: Argument.Type,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        register(Service.self, name: name, scope: scope, file: file, line: line) { (resolver, argument: Argument) in
            try initializer(argument, repeat resolver.resolve((each Dependency).self))
        }
    }
}
