// swift-format-ignore-file: AmbiguousTrailingClosureOverload
// The overloads by the builder's shape are Zerk's API: the closure's parameters choose one.

import Keystone

// Zerk 1.0.2 stores one dependency as several types with the types first,
// `.singleton(ProtocolA.self, ProtocolB.self) { storage, arguments in … }`, where 1.0.0 and
// 1.0.1 took them last, after `as:`. Both spellings store the same way.

extension DependencyStoring {
    // MARK: - Transient, as several types

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.transient(ProtocolA.self, ProtocolB.self) { … }`. Made anew every time it is restored.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance, evaluated again each time one is needed: `builder: LiveSettings()`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ types: Any.Type...,
        builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .transient, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { _, _ in builder() }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.transient(ProtocolA.self, ProtocolB.self) { … }`. Made anew every time it is restored.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .transient, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { resolver, _ in builder(ResolutionStorage(resolver: resolver)) }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.transient(ProtocolA.self, ProtocolB.self) { … }`. Made anew every time it is restored.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance from the storage and the arguments of the restore, read by name.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func transient<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .transient, D.self, aliases: types.isEmpty ? nil : types, takesArguments: true, file: file, line: line
        ) { resolver, arguments in builder(ResolutionStorage(resolver: resolver), arguments) }
    }

    // MARK: - Scoped, as several types

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.scoped(ProtocolA.self, ProtocolB.self) { … }`. Made anew for every restore, and shared within it.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance, evaluated again each time one is needed: `builder: LiveSettings()`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ types: Any.Type...,
        builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .scoped, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { _, _ in builder() }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.scoped(ProtocolA.self, ProtocolB.self) { … }`. Made anew for every restore, and shared within it.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .scoped, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { resolver, _ in builder(ResolutionStorage(resolver: resolver)) }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.scoped(ProtocolA.self, ProtocolB.self) { … }`. Made anew for every restore, and shared within it.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance from the storage and the arguments of the restore, read by name.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func scoped<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .scoped, D.self, aliases: types.isEmpty ? nil : types, takesArguments: true, file: file, line: line
        ) { resolver, arguments in builder(ResolutionStorage(resolver: resolver), arguments) }
    }

    // MARK: - Singleton, as several types

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.singleton(ProtocolA.self, ProtocolB.self) { … }`. Made once, on its first restore, and kept.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance, evaluated again each time one is needed: `builder: LiveSettings()`.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ types: Any.Type...,
        builder: @autoclosure @escaping @Sendable () -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .singleton, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { _, _ in builder() }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.singleton(ProtocolA.self, ProtocolB.self) { … }`. Made once, on its first restore, and kept.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance; restore its dependencies from the storage it receives.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .singleton, D.self, aliases: types.isEmpty ? nil : types, takesArguments: false, file: file, line: line
        ) { resolver, _ in builder(ResolutionStorage(resolver: resolver)) }
    }

    /// Stores one dependency as each of `types` (not as `D`), as Zerk 1.0.2 and later spell
    /// it: `.singleton(ProtocolA.self, ProtocolB.self) { … }`. Made once, on its first restore, and kept.
    ///
    /// All the types share the instance when its life time shares one. The instance must be
    /// castable to each type: one that is not fails the restore of that type with Keystone's
    /// diagnostic. With no types, it is stored as `D`.
    ///
    /// - Parameters:
    ///   - types: The types to store it as, such as `ProtocolA.self, ProtocolB.self`.
    ///   - builder: Makes an instance from the storage and the arguments of the restore, read by name.
    ///   - file: Where it is stored; diagnostics name it. Leave the default.
    ///   - line: Where it is stored; diagnostics name it. Leave the default.
    /// - Returns: The storage, to chain more on.
    @discardableResult
    public func singleton<D>(
        _ types: Any.Type...,
        builder: @escaping @Sendable (_ storage: DependencyRestoring, _ arguments: DependencyArguments) -> D,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyStoring {
        keep(
            .singleton, D.self, aliases: types.isEmpty ? nil : types, takesArguments: true, file: file, line: line
        ) { resolver, arguments in builder(ResolutionStorage(resolver: resolver), arguments) }
    }
}
