import Keystone

/// Where a restore goes: a container (a resolution of its own) or the resolver of a
/// resolution in progress (a nested resolve).
enum RestoreSource: Sendable {
    case container(Container)
    case resolver(Resolver)

    /// Resolves `S`: without arguments when `arguments` is empty, and with them otherwise.
    /// A dependency is registered in one of the two ways (see ``DependencyStoring``), so
    /// when the one is missing, the other is used: a builder that reads arguments is made
    /// with none, and one that reads none ignores those given. When both are missing, the
    /// failure reported is the first's.
    func resolve<S>(_ type: S.Type, with arguments: DependencyArguments) throws(ResolutionError) -> S {
        let plainFirst = arguments.isEmpty
        switch self {
        case .container(let container):
            do {
                return try plainFirst
                    ? container.tryResolve(S.self) : container.tryResolve(S.self, arguments: arguments)
            } catch  where error.isMissing {
                do {
                    return try plainFirst
                        ? container.tryResolve(S.self, arguments: arguments) : container.tryResolve(S.self)
                } catch let second where second.isMissing {
                    throw error
                }
            }
        case .resolver(let resolver):
            if plainFirst {
                if let instance = try resolver.resolveOptional(S.self) { return instance }
                if let instance = try resolver.resolveOptional(S.self, arguments: arguments) { return instance }
                return try resolver.resolve(S.self)
            }
            if let instance = try resolver.resolveOptional(S.self, arguments: arguments) { return instance }
            if let instance = try resolver.resolveOptional(S.self) { return instance }
            return try resolver.resolve(S.self, arguments: arguments)
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
            error.trap(file: #fileID, line: #line)
        }
    }

    /// The life time `S` was stored with by ``DependencyStoring``, or nil if it was registered
    /// with Keystone's own API (or not at all).
    ///
    /// From a container, the record of how `S` was stored counts only while the registration
    /// it was made with is the one a restore of `S` uses, as Keystone's registration query
    /// sees them: made in the same container, at the same site. A registration made since
    /// with Keystone's own API (in that container, or in a child container restored from)
    /// reads as any Keystone registration does. A resolver cannot be queried, so from a
    /// builder the record is read as it is.
    func lifeTime<S>(of type: S.Type) -> DependencyLifeTime? {
        let tag = storedKindTag(S.self)
        switch self {
        case .container(let container):
            guard let record = container.registration(for: StoredKind.self, name: tag),
                let answering = container.registration(for: S.self)
                    ?? container.registration(for: S.self, arguments: DependencyArguments.self),
                answering.depth == record.depth, answering.registeredAt == record.registeredAt
            else { return nil }
            return container.resolveOptional(StoredKind.self, name: tag)?.lifeTime
        case .resolver(let resolver):
            return (try? resolver.resolveOptional(StoredKind.self, name: tag))??.lifeTime
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
    func restore<T>(as type: T.Type = T.self) throws(ResolutionError) -> T {
        try RestoreSource.resolver(self).tryRestore(T.self, with: .arguments)
    }
}

/// The name of the registration that records how a dependency was stored (``StoredKind``).
func storedKindTag(_ type: Any.Type) -> Name {
    // The qualified name that `String(reflecting:)` gives a type, without its reflection and
    // printing, which cost about 8,000 instructions on every restore that reads a life time.
    Name("Zerk: how \(_typeName(type, qualified: true)) is stored")
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
