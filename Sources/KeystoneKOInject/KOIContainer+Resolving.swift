import Keystone

// KOIContainer's registrations. Its own `register` methods take the call site (`file:` and
// `line:`, defaulted), so that Keystone's diagnostics and verification reports name the app's
// line; a protocol requirement cannot have those parameters, so KOIRegisterProtocol's
// requirements are met by the extension below, for calls through the protocol.

extension KOIContainer {
    /// Registers how to build `RegisterType` with no runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver) in
                box.fabric(KOIResolution(resolver: resolver))
            }
        }
    }

    /// Registers how to build `RegisterType` with no runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with one runtime argument, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver, arg1: Arg1Type) in
                box.fabric(KOIResolution(resolver: resolver), arg1)
            }
        }
    }

    /// Registers how to build `RegisterType` with one runtime argument: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 2 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2)
            }
        }
    }

    /// Registers how to build `RegisterType` with 2 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 3 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3)
            }
        }
    }

    /// Registers how to build `RegisterType` with 3 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 4 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4)
            }
        }
    }

    /// Registers how to build `RegisterType` with 4 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 5 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4, arg5)
            }
        }
    }

    /// Registers how to build `RegisterType` with 5 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 6 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (
                    resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type,
                    arg6: Arg6Type
                ) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4, arg5, arg6)
            }
        }
    }

    /// Registers how to build `RegisterType` with 6 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 7 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type) ->
            RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (
                    resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type,
                    arg6: Arg6Type, arg7: Arg7Type
                ) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4, arg5, arg6, arg7)
            }
        }
    }

    /// Registers how to build `RegisterType` with 7 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type) ->
            RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 8 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
            ) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (
                    resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type,
                    arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type
                ) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
            }
        }
    }

    /// Registers how to build `RegisterType` with 8 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
            ) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }

    /// Registers how to build `RegisterType` with 9 runtime arguments, as a Keystone registration
    /// of the container underneath (see ``KOIContainer``).
    ///
    /// - Parameters:
    ///   - type: The registered type, usually a protocol.
    ///   - scope: How long an instance lives; `.shared` (a singleton) by default.
    ///   - fabric: Builds an instance from the resolver and the arguments.
    ///   - file: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; Keystone's diagnostics name it. Leave the default.
    public func register<
        RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        forType type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type,
                Arg9Type
            ) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let box = FabricBox(fabric)
        withRegistrationTarget { container in
            container.register(RegisterType.self, scope: scope.keystoneScope, file: file, line: line) {
                (
                    resolver: Resolver, arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type,
                    arg6: Arg6Type, arg7: Arg7Type, arg8: Arg8Type, arg9: Arg9Type
                ) in
                box.fabric(KOIResolution(resolver: resolver), arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
            }
        }
    }

    /// Registers how to build `RegisterType` with 9 runtime arguments: KOInject 2.0's spelling of
    /// `register(forType:scope:fabric:file:line:)`.
    public func register<
        RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        type: RegisterType.Type,
        scope: KOIObjectLifeScopes = .shared,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type,
                Arg9Type
            ) -> RegisterType,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: file, line: line)
    }
}

extension KOIContainer: KOIRegisterProtocol {}

extension KOIRegisterProtocol where Self: KOIContainer {
    /// Registers how to build `RegisterType` with no runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with one runtime argument: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 2 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 3 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 4 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 5 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric: @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 6 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 7 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type) ->
            RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 8 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type
            ) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }

    /// Registers how to build `RegisterType` with 9 runtime arguments: the requirement of
    /// ``KOIRegisterProtocol``, for calls through the protocol.
    public func register<
        RegisterType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        forType type: RegisterType.Type, scope: KOIObjectLifeScopes,
        fabric:
            @escaping (
                KOIResolverProtocol, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type,
                Arg9Type
            ) -> RegisterType
    ) {
        register(forType: type, scope: scope, fabric: fabric, file: #fileID, line: #line)
    }
}

extension KOIContainer: KOIResolverProtocol {
    /// Resolves `RegisteredType` registered with no runtime arguments, or returns nil if nothing
    /// is registered for it with no arguments.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType>() -> RegisteredType? {
        container.resolveOptional(RegisteredType.self)
    }

    /// Resolves `RegisteredType` registered with one runtime argument, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type>(arg1: Arg1Type) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1)
    }

    /// Resolves `RegisteredType` registered with 2 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type>(arg1: Arg1Type, arg2: Arg2Type) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2)
    }

    /// Resolves `RegisteredType` registered with 3 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type>(arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type)
        -> RegisteredType?
    {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3)
    }

    /// Resolves `RegisteredType` registered with 4 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4)
    }

    /// Resolves `RegisteredType` registered with 5 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    /// Resolves `RegisteredType` registered with 6 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    /// Resolves `RegisteredType` registered with 7 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    /// Resolves `RegisteredType` registered with 8 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type>(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    /// Resolves `RegisteredType` registered with 9 runtime arguments, or returns nil if nothing
    /// is registered for it with these argument types.
    ///
    /// A cycle, or a Keystone factory that throws, traps with Keystone's diagnostic.
    @inlinable
    public func resolve<
        RegisteredType, Arg1Type, Arg2Type, Arg3Type, Arg4Type, Arg5Type, Arg6Type, Arg7Type, Arg8Type, Arg9Type
    >(
        arg1: Arg1Type, arg2: Arg2Type, arg3: Arg3Type, arg4: Arg4Type, arg5: Arg5Type, arg6: Arg6Type, arg7: Arg7Type,
        arg8: Arg8Type, arg9: Arg9Type
    ) -> RegisteredType? {
        container.resolveOptional(RegisteredType.self, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }
}
