// swift-format-ignore-file: AmbiguousTrailingClosureOverload
// The overloads by arity are Zerk's API: a closure's parameter count chooses the overload.

import Keystone

extension DependencyStoring {
    // MARK: - Transient

    /// Stores `D`, made by evaluating `builder` again each time one is needed. Made anew every time it is restored.
    ///
    /// `Zerk.store.transient(LiveSettings() as SettingsProtocol)`: the instance is not made now.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made by `builder` each time one is needed. Made anew every time it is restored.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its result type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ builder: @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made from other stored dependencies, each restored for you by its type:
    /// pass a closure or an initialiser whose parameters are the dependencies, as many as it
    /// needs (`Zerk.store.transient(ProfileViewModel.init)`).
    /// Made anew every time it is restored.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from its dependencies; its result type is the type the
    ///     dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<each Parameter, D>(
        _ builder: @escaping @Sendable (repeat each Parameter) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            try builder(repeat resolver.restore(as: (each Parameter).self))
        }
    }

    /// Stores `D`, made by a builder that restores what it needs from `storage`. Made anew every time it is restored.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            builder(ResolutionStorage(resolver: resolver))
        }
    }

    /// Stores `D`, made by a builder that reads the arguments of the restore. Made anew every time it is restored.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage (to restore dependencies from) and the
    ///     arguments given to `restore(with:)`, read by name: `arguments.name`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: nil, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }

    /// Stores one dependency as each of `types` (not as `D`). Made anew every time it is restored.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage and the arguments of the restore.
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        as types: Any.Type...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.transient, D.self, aliases: types, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }

    // MARK: - Scoped

    /// Stores `D`, made by evaluating `builder` again each time one is needed. Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// `Zerk.store.scoped(LiveSettings() as SettingsProtocol)`: the instance is not made now.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made by `builder` each time one is needed. Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its result type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ builder: @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made from other stored dependencies, each restored for you by its type:
    /// pass a closure or an initialiser whose parameters are the dependencies, as many as it
    /// needs (`Zerk.store.scoped(ProfileViewModel.init)`).
    /// Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from its dependencies; its result type is the type the
    ///     dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<each Parameter, D>(
        _ builder: @escaping @Sendable (repeat each Parameter) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            try builder(repeat resolver.restore(as: (each Parameter).self))
        }
    }

    /// Stores `D`, made by a builder that restores what it needs from `storage`. Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            builder(ResolutionStorage(resolver: resolver))
        }
    }

    /// Stores `D`, made by a builder that reads the arguments of the restore. Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage (to restore dependencies from) and the
    ///     arguments given to `restore(with:)`, read by name: `arguments.name`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: nil, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }

    /// Stores one dependency as each of `types` (not as `D`). Made anew for every restore, and shared within it; a property wrapper keeps its own.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage and the arguments of the restore.
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        as types: Any.Type...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.scoped, D.self, aliases: types, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }

    // MARK: - Singleton

    /// Stores `D`, made by evaluating `builder` again each time one is needed. Made once, at its first restore, then shared.
    ///
    /// `Zerk.store.singleton(LiveSettings() as SettingsProtocol)`: the instance is not made now.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made by `builder` each time one is needed. Made once, at its first restore, then shared.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; its result type is the type the dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ builder: @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: nil, takesArguments: false, file: file, line: line) { _, _ in builder() }
    }

    /// Stores `D`, made from other stored dependencies, each restored for you by its type:
    /// pass a closure or an initialiser whose parameters are the dependencies, as many as it
    /// needs (`Zerk.store.singleton(ProfileViewModel.init)`).
    /// Made once, at its first restore, then shared.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from its dependencies; its result type is the type the
    ///     dependency is stored as.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<each Parameter, D>(
        _ builder: @escaping @Sendable (repeat each Parameter) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            try builder(repeat resolver.restore(as: (each Parameter).self))
        }
    }

    /// Stores `D`, made by a builder that restores what it needs from `storage`. Made once, at its first restore, then shared.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: nil, takesArguments: false, file: file, line: line) { resolver, _ in
            builder(ResolutionStorage(resolver: resolver))
        }
    }

    /// Stores `D`, made by a builder that reads the arguments of the restore. Made once, at its first restore, then shared.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage (to restore dependencies from) and the
    ///     arguments given to `restore(with:)`, read by name: `arguments.name`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: nil, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }

    /// Stores one dependency as each of `types` (not as `D`). Made once, at its first restore, then shared.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic.
    ///
    /// - Parameters:
    ///   - builder: Makes an instance from the storage and the arguments of the restore.
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        as types: Any.Type...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(.singleton, D.self, aliases: types, takesArguments: true, file: file, line: line) { resolver, arguments in
            builder(ResolutionStorage(resolver: resolver), arguments)
        }
    }
}
