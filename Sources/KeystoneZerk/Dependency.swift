import Keystone

/// A stored dependency, as ``DependencyRestoring/restore(_:)`` returns it: its life time, and
/// a way to make or get an instance of it later.
///
/// ```swift
/// let dependency = Zerk.standardStorage.restore(SettingsProtocol.self)
/// let settings: SettingsProtocol = dependency.getInstance()
/// ```
public final class Dependency: Sendable {
    /// How long the dependency's instances live, as it was stored.
    ///
    /// A service registered with Keystone's own API (not through ``DependencyStoring``, or
    /// over what was stored there) reports `.transient`: every ``getInstance(with:)`` asks the
    /// container, whose scope then decides whether the instance is new.
    public let lifeTime: DependencyLifeTime

    /// Whether it was stored through ``DependencyStoring`` (rather than registered with
    /// Keystone's own API).
    let isStored: Bool

    /// Makes or gets an instance, as the type it was stored as.
    private let make: @Sendable (DependencyArguments) -> Any

    /// The type it was stored as, for messages (described only then: describing it costs
    /// thousands of instructions).
    private let storedType: any Any.Type

    init<S>(_ type: S.Type, source: RestoreSource, lifeTime: DependencyLifeTime?) {
        self.lifeTime = lifeTime ?? .transient
        self.isStored = lifeTime != nil
        self.storedType = S.self
        switch source {
        case .container(let container):
            // Held weakly, as Zerk's storage held itself: a singleton whose own wrappers
            // restore from its container would otherwise keep that container alive forever.
            self.make = { [weak container] arguments in
                guard let container else {
                    fatalError(
                        "Zerk: the storage `\(S.self)` was restored from no longer exists. To fix, keep the storage alive for as long as what restores from it."
                    )
                }
                return RestoreSource.container(container).restore(S.self, with: arguments)
            }
        case .resolver:
            // A stored resolver holds its container weakly already.
            self.make = { arguments in source.restore(S.self, with: arguments) }
        }
    }

    /// An instance of the dependency: a singleton's one instance (made now if it was not
    /// yet), a new one otherwise.
    ///
    /// A dependency that cannot be made traps with Keystone's full diagnostic; asking for it
    /// as a type its instance is not traps too, naming both types.
    ///
    /// - Parameter arguments: The arguments its builder reads, if it reads any.
    /// - Returns: The instance, as `D`.
    public func getInstance<D>(with arguments: DependencyArguments = .arguments) -> D {
        let instance = make(arguments)
        guard let typed = instance as? D else {
            fatalError(
                "Zerk: the dependency stored as `\(storedType)` made a `\(type(of: instance))`, which is not a `\(D.self)`. To fix, ask for it as `\(storedType)`."
            )
        }
        return typed
    }
}
