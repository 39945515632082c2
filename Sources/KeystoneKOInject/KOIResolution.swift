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
        do {
            return try resolver.resolveOptional(RegisteredType.self)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type>(arg1: Arg1Type) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type>(arg1: Arg1Type, arg2: Arg2Type) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type>(arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type)
        -> RegisteredType?
    {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(
                RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
        } catch {
            trap(error)
        }
    }

    func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(
                RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
        } catch {
            trap(error)
        }
    }

    func resolve<
        RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type, arg9: Arg9Type
    ) -> RegisteredType? {
        do {
            return try resolver.resolveOptional(
                RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
        } catch {
            trap(error)
        }
    }

    /// Ends the process with Keystone's diagnostic for a nested resolve that failed for a
    /// reason other than a missing registration (a cycle, a throwing Keystone factory): KOInject's
    /// non-throwing API cannot return it, and `nil` would hide a broken graph behind a crash in a
    /// force unwrap, or a stack overflow.
    private func trap(_ error: ResolutionError) -> Never {
        error.trap(file: #fileID, line: #line)
    }
}
