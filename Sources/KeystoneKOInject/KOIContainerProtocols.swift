/// Registers factories, as ``KOIContainer`` does: KOInject's registration protocol.
///
/// Each requirement registers how to build `RegisterType` from a ``KOIResolverProtocol`` and
/// up to nine runtime arguments, under a ``KOIObjectLifeScopes`` scope. A registration is
/// keyed by the registered type and the argument types, in order; registering the same key
/// again replaces the earlier registration and drops the instance it held.
///
/// The requirements are KOInject 1.x's `register(forType:scope:fabric:)`. KOInject 2.0's
/// `register(type:scope:fabric:)` spelling is provided for every conforming type by an
/// extension that calls the 1.x one.
public protocol KOIRegisterProtocol {
    /// Registers how to build `RegisterType` with no runtime arguments.
    func register<RegisterType>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol) -> RegisterType)

    /// Registers how to build `RegisterType` with one runtime argument.
    func register<RegisterType, Arg1Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 2 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 3 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 4 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 5 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 6 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type) -> RegisterType)

    /// Registers how to build `RegisterType` with 7 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type) ->
            RegisterType)

    /// Registers how to build `RegisterType` with 8 runtime arguments.
    func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
            ) -> RegisterType)

    /// Registers how to build `RegisterType` with 9 runtime arguments.
    func register<
        RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type,
                Arg9Type
            ) -> RegisterType)
}

extension KOIRegisterProtocol {
    /// Registers how to build `RegisterType` with no runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with one runtime argument: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 2 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 3 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 4 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 5 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 6 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 7 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type) ->
            RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 8 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
            ) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }

    /// Registers how to build `RegisterType` with 9 runtime arguments: KOInject 2.0's spelling of
    /// ``register(forType:scope:fabric:)``.
    public func register<
        RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        type: RegisterType.Type, scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type,
                Arg9Type
            ) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric)
    }
}

/// Resolves registered services: what a KOInject factory receives as its first argument,
/// and what ``KOIContainer`` itself is.
///
/// Every requirement returns nil when nothing is registered for the requested type with
/// exactly these argument types (in order), so a missing service is an optional to unwrap,
/// as in KOInject. A broken graph behind a registration that exists (a dependency cycle, a
/// Keystone factory that throws) is not "missing": the ``KOIContainer`` implementation traps
/// with Keystone's full diagnostic, which names the resolution path.
public protocol KOIResolverProtocol {
    /// Resolves `RegisteredType` registered with no runtime arguments, or returns nil.
    func resolve<RegisteredType>() -> RegisteredType?

    /// Resolves `RegisteredType` registered with one runtime argument, or returns nil.
    func resolve<RegisteredType, Arg1Type>(arg1: Arg1Type) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 2 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type>(arg1: Arg1Type, arg2: Arg2Type) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 3 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type>(arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type)
        -> RegisteredType?

    /// Resolves `RegisteredType` registered with 4 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type
    ) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 5 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type
    ) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 6 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 7 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 8 runtime arguments, or returns nil.
    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type
    ) -> RegisteredType?

    /// Resolves `RegisteredType` registered with 9 runtime arguments, or returns nil.
    func resolve<
        RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type, arg9: Arg9Type
    ) -> RegisteredType?
}

/// Something that lets go of what it holds: ``KOIContainer`` (its registrations and
/// instances) and the lazy resolvers (their instance).
public protocol KOIDisposableProtocol {
    /// Lets go of what is held.
    func dispose()
}
