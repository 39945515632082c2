import Keystone

/// Where a restore goes: a container (a resolution of its own) or the resolver of a
/// resolution in progress (a nested resolve).
enum RestoreSource: Sendable {
    case container(Container)
    case resolver(Resolver)

    /// Resolves `S` with `arguments`, or, when they are empty, without arguments: the
    /// registration `restore()` and Keystone code resolve. A dependency stored with a builder
    /// that takes arguments has no such registration; it is then made with no arguments.
    func resolve<S>(_ type: S.Type, with arguments: DependencyArguments) throws(ResolutionError) -> S {
        guard arguments.isEmpty else { return try resolveTakingArguments(S.self, arguments) }
        switch self {
        case .container(let container):
            do {
                return try container.tryResolve(S.self)
            } catch  where error.isMissing {
                // `S` itself is missing, not something it needs: it may take arguments.
                do {
                    return try container.tryResolve(S.self, arguments: arguments)
                } catch let second where second.isMissing {
                    throw error
                }
            }
        case .resolver(let resolver):
            if let instance = try resolver.resolveOptional(S.self) { return instance }
            if let instance = try resolver.resolveOptional(S.self, arguments: arguments) { return instance }
            // Neither is registered: report the plain one, which is what was asked for.
            return try resolver.resolve(S.self)
        }
    }

    private func resolveTakingArguments<S>(
        _ type: S.Type,
        _ arguments: DependencyArguments
    ) throws(ResolutionError) -> S {
        switch self {
        case .container(let container): try container.tryResolve(S.self, arguments: arguments)
        case .resolver(let resolver): try resolver.resolve(S.self, arguments: arguments)
        }
    }

    /// Restores `D` (or, for an optional, what it wraps).
    func tryRestore<D>(_ type: D.Type, with arguments: DependencyArguments) throws(ResolutionError) -> D {
        if let optional = D.self as? any RestorableOptional.Type {
            // `D` is `Wrapped?`: restore `Wrapped`, which is what was stored.
            return try optional.restoreWrapped(from: self, with: arguments) as! D
        }
        return try resolve(D.self, with: arguments)
    }

    /// Restores `D` (or, for an optional, what it wraps), trapping with Keystone's full
    /// diagnostic if it cannot be made.
    func restore<D>(_ type: D.Type, with arguments: DependencyArguments) -> D {
        do {
            return try tryRestore(D.self, with: arguments)
        } catch {
            fatalError("Keystone: \(error)")
        }
    }

    /// The life time `S` was stored with by ``DependencyStoring``, or nil if it was registered
    /// with Keystone's own API (or not at all).
    func lifeTime<S>(of type: S.Type) -> DependencyLifeTime? {
        let tag = lifeTimeTag(S.self)
        switch self {
        case .container(let container):
            return container.resolveOptional(DependencyLifeTime.self, name: tag)
        case .resolver(let resolver):
            return try? resolver.resolveOptional(DependencyLifeTime.self, name: tag)
        }
    }

    /// The wrapper of the dependency stored as `D` (or, for an optional, what it wraps).
    func dependency<D>(_ type: D.Type) -> Dependency {
        if let optional = D.self as? any RestorableOptional.Type {
            return optional.wrappedDependency(from: self)
        }
        return Dependency(D.self, source: self, lifeTime: lifeTime(of: D.self))
    }
}

extension ResolutionError {
    /// Whether the service asked for has no registration for the arguments given (rather
    /// than something it needs failing).
    var isMissing: Bool {
        (kind == .notRegistered || kind == .argumentMismatch) && path.count == 1
    }
}

extension Resolver {
    /// Restores a builder's parameter as part of the resolution in progress; a failure is
    /// thrown, so that it unwinds with its path to whoever asked.
    func restore<T>() throws(ResolutionError) -> T {
        try RestoreSource.resolver(self).tryRestore(T.self, with: .arguments)
    }
}

/// The name of the registration that records the life time a dependency was stored with,
/// read by ``Dependency/lifeTime`` and by the property wrappers.
func lifeTimeTag(_ type: Any.Type) -> Name {
    Name("Zerk life time of \(String(reflecting: type))")
}

/// `Optional`, so that restoring into `D?` restores the `D` that was stored.
protocol RestorableOptional {
    static func restoreWrapped(
        from source: RestoreSource,
        with arguments: DependencyArguments
    ) throws(ResolutionError) -> Self
    static func wrappedDependency(from source: RestoreSource) -> Dependency
}

extension Optional: RestorableOptional {
    static func restoreWrapped(
        from source: RestoreSource,
        with arguments: DependencyArguments
    ) throws(ResolutionError) -> Self {
        .some(try source.tryRestore(Wrapped.self, with: arguments))
    }

    static func wrappedDependency(from source: RestoreSource) -> Dependency {
        source.dependency(Wrapped.self)
    }
}
