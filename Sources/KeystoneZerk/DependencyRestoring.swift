import Keystone

/// What restores stored dependencies: ``Zerk/standardStorage``, a storage of your own, and the
/// `storage` a builder closure receives.
///
/// Dependencies are restored by the type they were stored as (usually a protocol). A restore
/// of a type that was not stored traps with Keystone's full diagnostic: what was asked for,
/// the path of dependencies that led there, what is registered instead, and how to fix it.
/// A dependency that depends on itself, however indirectly, is reported the same way with
/// the cycle's path, instead of recursing until the stack overflows.
public protocol DependencyRestoring: Sendable {
    /// Restores the dependency stored as `D`, made as its life time says.
    ///
    /// Restoring into an optional (`D?`) restores the dependency stored as `D`.
    ///
    /// - Returns: The instance.
    func restore<D>() -> D

    /// Restores the dependency stored as `D`, made with `arguments` if it has to be made.
    ///
    /// - Parameter arguments: The arguments its builder reads, as `.arguments(name: value, …)`.
    /// - Returns: The instance.
    func restore<D>(with arguments: DependencyArguments) -> D

    /// The stored dependency `D` itself, wrapped: its life time, and
    /// ``Dependency/getInstance(with:)`` to make or get an instance later.
    ///
    /// - Parameter dependency: The type it was stored as, such as `SettingsProtocol.self`.
    /// - Returns: The wrapper.
    func restore<D>(_ dependency: D.Type) -> Dependency
}

/// A storage: a Keystone container seen through Zerk's API. The standard storage is one over
/// `Container.shared`.
struct DependencyStorage: DependencyStoring, DependencyRestoring {
    let container: Container

    func restore<D>() -> D {
        AutoStoringGate.runOnce()
        return RestoreSource.container(container).restore(D.self, with: .arguments)
    }

    func restore<D>(with arguments: DependencyArguments) -> D {
        AutoStoringGate.runOnce()
        return RestoreSource.container(container).restore(D.self, with: arguments)
    }

    func restore<D>(_ dependency: D.Type) -> Dependency {
        AutoStoringGate.runOnce()
        return RestoreSource.container(container).dependency(D.self)
    }
}

/// The `storage` a builder receives: restores made through it are part of the restore in
/// progress, so that Keystone shares `scoped` instances across it and reports cycles with
/// their path.
struct ResolutionStorage: DependencyRestoring {
    let resolver: Resolver

    func restore<D>() -> D {
        RestoreSource.resolver(resolver).restore(D.self, with: .arguments)
    }

    func restore<D>(with arguments: DependencyArguments) -> D {
        RestoreSource.resolver(resolver).restore(D.self, with: arguments)
    }

    func restore<D>(_ dependency: D.Type) -> Dependency {
        RestoreSource.resolver(resolver).dependency(D.self)
    }
}
