import Keystone

/// Where a restore goes: a container (a resolution of its own) or the resolver of a
/// resolution in progress (a nested resolve).
enum RestoreSource: Sendable {
    case container(Container)
    case resolver(Resolver)

    /// Resolves `S`: without arguments when `arguments` is empty, so that services registered
    /// with Keystone's own API are found too, and with them otherwise.
    func resolve<S>(_ type: S.Type, with arguments: DependencyArguments) throws(ResolutionError) -> S {
        switch self {
        case .container(let container):
            arguments.isEmpty
                ? try container.tryResolve(S.self) : try container.tryResolve(S.self, arguments: arguments)
        case .resolver(let resolver):
            arguments.isEmpty ? try resolver.resolve(S.self) : try resolver.resolve(S.self, arguments: arguments)
        }
    }

    /// Restores `D` (or, for an optional, what it wraps), trapping with the full diagnostic if
    /// it cannot be made.
    func restore<D>(_ type: D.Type, with arguments: DependencyArguments) -> D {
        if let optional = D.self as? any RestorableOptional.Type {
            // `D` is `Wrapped?`: restore `Wrapped`, which is what was stored.
            return optional.restoreWrapped(from: self, with: arguments) as! D
        }
        do {
            return try resolve(D.self, with: arguments)
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

/// The name of the registration that records the life time a dependency was stored with,
/// read by ``Dependency/lifeTime`` and by the property wrappers.
func lifeTimeTag(_ type: Any.Type) -> Name {
    Name("Zerk life time of \(String(reflecting: type))")
}

/// `Optional`, so that restoring into `D?` restores the `D` that was stored.
protocol RestorableOptional {
    static func restoreWrapped(from source: RestoreSource, with arguments: DependencyArguments) -> Self
    static func wrappedDependency(from source: RestoreSource) -> Dependency
}

extension Optional: RestorableOptional {
    static func restoreWrapped(from source: RestoreSource, with arguments: DependencyArguments) -> Self {
        .some(source.restore(Wrapped.self, with: arguments))
    }

    static func wrappedDependency(from source: RestoreSource) -> Dependency {
        source.dependency(Wrapped.self)
    }
}
