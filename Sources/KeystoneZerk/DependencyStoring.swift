import Keystone

/// What dependencies are stored in: ``Zerk/store`` and storages of your own. Chain
/// `transient`, `scoped` and `singleton` on it.
///
/// ```swift
/// Zerk.store
///     .transient(TransientClass() as TransientProtocol)
///     .scoped { dependency in DependentClass(dependency: dependency) as DependentProtocol }
///     .singleton { storage, arguments in
///         ArgumentativeClass(dependency: storage.restore(), label: arguments.label) as ArgumentativeProtocol
///     }
/// ```
///
/// Each dependency becomes a Keystone registration in ``container``: `transient` is
/// Keystone's `.transient` scope, `singleton` its `.singleton`, and `scoped` its `.graph`
/// (one instance per restore, shared by everything in that restore that depends on it).
/// Nothing is made when it is stored. Storing a type again replaces what was stored for it.
///
/// Builders run on whichever thread restores, so they are `@Sendable`: capture only what is
/// safe to share.
public protocol DependencyStoring: Sendable {
    /// The Keystone container the dependencies are registered in.
    var container: Container { get }
}

extension DependencyStoring {
    /// Registers a dependency in ``container``.
    ///
    /// Stored as `D` alone, it is one registration of `D`, in the scope of its life time:
    /// without arguments (what `restore()`, Keystone code and `verify()` resolve), or, if its
    /// builder reads arguments, with one `DependencyArguments` argument (what
    /// `restore(with:)` resolves; `verify()` lists it as not checked rather than make it with
    /// none). A restore that finds no registration of the one kind uses the other. Stored as
    /// other types (`as:`), the instance is registered as `D` under a name made of those
    /// types, and each type is registered as converting it. The life time is registered too,
    /// under a name that ``Dependency/lifeTime`` and the wrappers read.
    ///
    /// - Parameters:
    ///   - takesArguments: Whether the builder reads the arguments of the restore.
    ///   - builder: Makes an instance for the resolution in progress; a failure to restore a
    ///     dependency it was given as a parameter is thrown, with its path.
    func keep<D>(
        _ lifeTime: DependencyLifeTime,
        _ type: D.Type,
        aliases: [Any.Type]?,
        takesArguments: Bool,
        file: StaticString,
        line: UInt,
        builder: @escaping @Sendable (Resolver, DependencyArguments) throws -> D
    ) -> DependencyStoring {
        let site = Site(container: container, file: file, line: line)
        guard let aliases else {
            site.replaceOtherKind(of: D.self, takesArguments: takesArguments)
            if takesArguments {
                container.register(D.self, scope: lifeTime.scope, file: file, line: line) {
                    (resolver, arguments: DependencyArguments) in
                    try builder(resolver, arguments)
                }
            } else {
                container.register(D.self, scope: lifeTime.scope, file: file, line: line) { resolver in
                    try builder(resolver, .arguments)
                }
            }
            site.registerKind(StoredKind(lifeTime: lifeTime, takesArguments: takesArguments), of: D.self)
            return self
        }
        let shared = Name("Zerk aliases: " + aliases.map { String(reflecting: $0) }.joined(separator: ", "))
        container.register(D.self, name: shared, scope: lifeTime.scope, file: file, line: line) {
            (resolver, arguments: DependencyArguments) in
            try builder(resolver, arguments)
        }
        for alias in aliases {
            func register<A>(_ alias: A.Type) {
                site.registerAlias(A.self, of: D.self, name: shared, lifeTime: lifeTime)
            }
            _openExistential(alias, do: register)
        }
        return self
    }
}

/// Where a dependency is being stored: its container and source location.
private struct Site {
    let container: Container
    let file: StaticString
    let line: UInt

    /// Registers `A` with a `DependencyArguments` argument as the instance registered as `D`
    /// under `name`, cast to `A`, and completes it.
    func registerAlias<A, D>(_ alias: A.Type, of type: D.Type, name: Name, lifeTime: DependencyLifeTime) {
        replaceOtherKind(of: A.self, takesArguments: true)
        container.register(A.self, scope: .transient, file: file, line: line) {
            (resolver, arguments: DependencyArguments) in
            let instance: D = try resolver.resolve(D.self, name: name, arguments: arguments)
            guard let converted = instance as? A else {
                throw AliasMismatch(instance: Swift.type(of: instance as Any), alias: A.self)
            }
            return converted
        }
        registerKind(StoredKind(lifeTime: lifeTime, takesArguments: true), of: A.self)
    }

    /// Registers how `S` was stored.
    func registerKind<S>(_ kind: StoredKind, of type: S.Type) {
        container.register(StoredKind.self, name: storedKindTag(S.self), scope: .transient, file: file, line: line) {
            _ in kind
        }
    }

    /// If `S` was stored before with a builder of the other kind (reading arguments or not),
    /// points that registration at the one about to be made, so that storing again replaces
    /// what was stored, whichever way it is restored.
    func replaceOtherKind<S>(of type: S.Type, takesArguments: Bool) {
        guard let previous = container.resolveOptional(StoredKind.self, name: storedKindTag(S.self)),
            previous.takesArguments != takesArguments
        else { return }
        if takesArguments {
            container.register(S.self, scope: .transient, file: file, line: line) { resolver in
                try resolver.resolve(S.self, arguments: DependencyArguments.arguments)
            }
            .skipVerification(because: "its builder reads arguments, and verification would make it with none")
        } else {
            container.register(S.self, scope: .transient, file: file, line: line) {
                (resolver, _: DependencyArguments) in
                try resolver.resolve(S.self)
            }
        }
    }
}

/// How a dependency was stored: registered under ``storedKindTag(_:)``, read by
/// ``Dependency/lifeTime``, the property wrappers, and storing it again.
///
/// Kept beside the dependency's registrations because Keystone's registration query cannot
/// tell it: a stored dependency's registration looks like one made with Keystone's own API
/// (which Zerk treats differently), the registration that points a restore of the other kind
/// at the stored one looks like a stored one, and an `as:` type's life time is that of the
/// type it aliases.
/// Whether the record still describes the registration a restore uses is the query's to say
/// (``RestoreSource/lifeTime(of:)``).
struct StoredKind: Sendable {
    let lifeTime: DependencyLifeTime
    /// Whether its builder reads arguments, so that it is registered with them.
    let takesArguments: Bool
}

/// A dependency stored `as:` a type its instance cannot be cast to.
struct AliasMismatch: Error, CustomStringConvertible {
    let instance: Any.Type
    let alias: Any.Type

    var description: String {
        "Zerk: the dependency stored as `\(alias)` made a `\(instance)`, which is not a `\(alias)`. To fix, remove `\(alias).self` from its `as:` types, or make `\(instance)` conform to it."
    }
}
