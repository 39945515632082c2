import Keystone

/// The ``KOIResolverProtocol`` a factory receives: Keystone's ``Keystone/Resolver`` for the
/// resolution in progress, so that nested resolves share its `.graph` instances and its
/// cycle detection, and report their failures with the whole path.
///
/// A fabric may keep it (a lazy resolver does): used after its resolution has ended, it
/// resolves from the container that owns the registration, as Keystone's resolver does.
struct KOIResolution: KOIResolverProtocol {
    let resolver: Resolver

    func resolve<RegisteredType>() -> RegisteredType? {
        orTrap { () throws(ResolutionError) in try resolver.resolveOptional(RegisteredType.self) }
    }

    func resolve<RegisteredType, Arg1Type>(arg1: Arg1Type) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in try resolver.resolveOptional(RegisteredType.self, arguments: arg1) }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type>(arg1: Arg1Type, arg2: Arg2Type) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type>(arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type)
        -> RegisteredType?
    {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
        }
    }

    func resolve<
        RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type, arg9: Arg9Type
    ) -> RegisteredType? {
        orTrap { () throws(ResolutionError) in
            try resolver.resolveOptional(
                RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
        }
    }

    /// The result of a nested optional resolve. Only a missing registration of the requested
    /// service gives nil; anything else (a cycle, a throwing Keystone factory) cannot be
    /// returned through KOInject's non-throwing API, so it traps with Keystone's diagnostic
    /// rather than a crash in a force unwrap or a stack overflow.
    private func orTrap<Value>(_ body: () throws(ResolutionError) -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            fatalError("Keystone: \(error)")
        }
    }
}
