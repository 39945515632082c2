// The lazy resolvers with runtime arguments: `KOILazyResolverArg1` to `KOILazyResolverArg9`,
// each a subclass of the one with one argument less, so that any of them can be given to
// `KOIIsolatedResolver`.

/// A lazy resolver that resolves `RegisterType` registered with one runtime argument, passing
/// the argument given here when ``KOILazyResolver/resolve()`` runs.
///
/// ```swift
/// let lazy = KOILazyResolverArg1(resolver: resolver, forType: DataBaseClientProtocol.self, arg1: rootPath)
/// lazy.resolve()
/// lazy.object?.append(data: data)
/// lazy.dispose()
/// ```
public class KOILazyResolverArg1<RegisterType, Arg1Type>: KOILazyResolver<RegisterType> {
    let arg1: Arg1Type

    /// Creates a lazy resolver that resolves through `resolver` with the argument given.
    public init(resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type) {
        self.arg1 = arg1
        super.init(resolver: resolver, forType: type)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:)``.
    public convenience init(resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type) {
        self.init(resolver: resolver, forType: type, arg1: arg1)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 2 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg2<RegisterType, Arg1Type, Arg2Type>: KOILazyResolverArg1<RegisterType, Arg1Type> {
    let arg2: Arg2Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type) {
        self.arg2 = arg2
        super.init(resolver: resolver, forType: type, arg1: arg1)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:)``.
    public convenience init(resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type) {
        self.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 3 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg3<RegisterType, Arg1Type, Arg2Type, Arg3Type>: KOILazyResolverArg2<
    RegisterType, Arg1Type, Arg2Type
>
{
    let arg3: Arg3Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type
    ) {
        self.arg3 = arg3
        super.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type
    ) {
        self.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 4 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg4<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>: KOILazyResolverArg3<
    RegisterType, Arg1Type, Arg2Type, Arg3Type
>
{
    let arg4: Arg4Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type
    ) {
        self.arg4 = arg4
        super.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type
    ) {
        self.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 5 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg5<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>: KOILazyResolverArg4<
    RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type
>
{
    let arg5: Arg5Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type
    ) {
        self.arg5 = arg5
        super.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:arg5:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type
    ) {
        self.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 6 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg6<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>:
    KOILazyResolverArg5<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>
{
    let arg6: Arg6Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) {
        self.arg6 = arg6
        super.init(resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:arg5:arg6:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) {
        self.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 7 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg7<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>:
    KOILazyResolverArg6<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>
{
    let arg7: Arg7Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) {
        self.arg7 = arg7
        super.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:arg5:arg6:arg7:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) {
        self.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6,
            arg7: arg7)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 8 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg8<
    RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
>: KOILazyResolverArg7<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type> {
    let arg8: Arg8Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type
    ) {
        self.arg8 = arg8
        super.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6,
            arg7: arg7)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:arg5:arg6:arg7:arg8:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type
    ) {
        self.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6,
            arg7: arg7, arg8: arg8)
    }

    override func build() -> RegisterType? {
        resolver.resolve(arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8)
    }
}

/// A lazy resolver that resolves `RegisterType` registered with 9 runtime arguments, passing
/// the arguments given here when ``KOILazyResolver/resolve()`` runs.
public class KOILazyResolverArg9<
    RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
>: KOILazyResolverArg8<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type> {
    let arg9: Arg9Type

    /// Creates a lazy resolver that resolves through `resolver` with the arguments given.
    public init(
        resolver: KOIResolverProtocol, forType type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type, arg9: Arg9Type
    ) {
        self.arg9 = arg9
        super.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6,
            arg7: arg7, arg8: arg8)
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:arg1:arg2:arg3:arg4:arg5:arg6:arg7:arg8:arg9:)``.
    public convenience init(
        resolver: KOIResolverProtocol, type: RegisterType.Type, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type,
        arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type, arg9: Arg9Type
    ) {
        self.init(
            resolver: resolver, forType: type, arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6,
            arg7: arg7, arg8: arg8, arg9: arg9)
    }

    override func build() -> RegisterType? {
        resolver.resolve(
            arg1: arg1, arg2: arg2, arg3: arg3, arg4: arg4, arg5: arg5, arg6: arg6, arg7: arg7, arg8: arg8, arg9: arg9)
    }
}
