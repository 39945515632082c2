import Keystone

/// Zerk's entry point: the standard storage that dependencies are stored in and restored from.
///
/// ```swift
/// Zerk.store
///     .singleton(LiveSettings() as SettingsProtocol)
///     .transient { storage in Screen(settings: storage.restore()) as ScreenProtocol }
///
/// let settings: SettingsProtocol = Zerk.standardStorage.restore()
/// ```
///
/// The standard storage is Keystone's ``Keystone/Container/shared`` container, read at each
/// use: what `Zerk.store` stores is a Keystone registration, what `restore` restores is a
/// Keystone resolution, and code written with Keystone's own API sees the same graph. Reach
/// the container with ``container`` to `verify()` that graph or draw it while you migrate,
/// and bind another one for a test with `Container.withShared(_:operation:)`.
public final class Zerk {
    /// The storage that ``store`` stores in and that the property wrappers restore from by
    /// default: Keystone's `Container.shared` as it is when you read this property.
    public static var standardStorage: DependencyRestoring { DependencyStorage(container: Container.shared) }

    /// Stores dependencies in the standard storage; chain `transient`, `scoped` and
    /// `singleton` on it.
    public static var store: DependencyStoring { DependencyStorage(container: Container.shared) }

    /// The Keystone container under the standard storage (`Container.shared`): verify it,
    /// draw its graph, or register in it with Keystone's own API.
    public static var container: Container { Container.shared }

    /// A storage of its own, over a new Keystone container, for dependencies that should not
    /// be global.
    ///
    /// - Returns: The storage, to store in and restore from.
    public static func newStorage() -> DependencyStoring & DependencyRestoring {
        DependencyStorage(container: Container())
    }

    /// A storage over an existing Keystone container, so that Zerk-style code can store in
    /// and restore from a container that Keystone code uses too.
    ///
    /// - Parameter container: The container to store in and restore from.
    /// - Returns: The storage.
    public static func storage(in container: Container) -> DependencyStoring & DependencyRestoring {
        DependencyStorage(container: container)
    }

    /// Made only to call an ``AutoStoring`` conformance's instance `store()`.
    init() {}
}
