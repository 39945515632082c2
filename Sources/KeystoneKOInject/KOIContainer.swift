import Foundation
import Keystone

/// KOInject's container, over a Keystone ``Keystone/Container``: register factories, resolve
/// optionals, dispose.
///
/// ```swift
/// let container = KOIContainer()
/// container.register(forType: ApiClientProtocol.self) { _ in
///     ApiClient()
/// }
/// let apiClient: ApiClientProtocol? = container.resolve()
/// ```
///
/// Every registration is a Keystone registration of ``container``, every resolve a Keystone
/// resolve, so KOInject code and Keystone code share one graph while an app moves from one
/// to the other: `koiContainer.container.verify()` checks the registrations made through
/// either API, a `.shared` instance is the same object whichever API resolves it, and a
/// dependency cycle is reported with its path instead of overflowing the stack.
///
/// Unlike KOInject's container, this one is safe to use from any thread: registering,
/// resolving and disposing may run at once, and a `.shared` instance is built exactly once.
public final class KOIContainer: @unchecked Sendable {
    // `@unchecked Sendable`: the only mutable state, `current`, is read and written with
    // `lock` held.
    private let lock = NSRecursiveLock()
    private var current: Container

    /// Creates a container with no registrations, over a new Keystone container of its own.
    public init() {
        current = Container()
    }

    /// Creates a container over an existing Keystone container, so that KOInject-style code
    /// registers in and resolves from it: `KOIContainer(container: .shared)` shares the
    /// graph of the app's Keystone code.
    ///
    /// The Keystone container's default scope does not apply here: a registration made
    /// through this type without a scope is `.shared` (a singleton), as in KOInject.
    ///
    /// ``dispose()`` disposes the container given, as KOInject's `dispose()` ends everything
    /// its container holds: do not call it on a `KOIContainer` over ``Keystone/Container/shared``
    /// unless the whole app is done with the shared container.
    ///
    /// - Parameter container: The Keystone container to register in and resolve from.
    public init(container: Container) {
        current = container
    }

    /// The Keystone container that holds this container's registrations and instances.
    ///
    /// Use it to move code to Keystone's own API one piece at a time, to check the whole graph
    /// with `verify()`, or to draw it. After ``dispose()`` it is a new, empty container (a
    /// child of the same parent, if the old one had one).
    public var container: Container {
        lock.withLock { current }
    }

    /// Runs `body` with the Keystone container to register in, holding the lock so that a
    /// registration never reaches a container that ``dispose()`` is ending.
    func withRegistrationTarget(_ body: (Container) -> Void) {
        lock.withLock { body(current) }
    }
}

extension KOIContainer: KOIDisposableProtocol {
    /// Drops every registration and every instance held: later resolves return nil until
    /// something is registered again.
    ///
    /// The Keystone container underneath is disposed (its ``Keystone/Disposable`` instances
    /// are disposed, newest first) and replaced by a new, empty one, so this container can be
    /// used again, as KOInject's can. Code that holds the old Keystone container (for example
    /// ``Keystone/Container/shared``, if this container was made over it) sees it disposed.
    public func dispose() {
        let ended: Container = lock.withLock {
            let old = current
            current =
                old.parent.map { Container(parent: $0, defaultScope: old.defaultScope) }
                ?? Container(defaultScope: old.defaultScope)
            return old
        }
        ended.dispose()
    }
}

/// A KOInject fabric, kept for a Keystone factory, which must be `@Sendable`.
///
/// `@unchecked Sendable` without a lock: the box's only state is an immutable closure. KOInject's
/// API takes fabrics that are not `@Sendable` (requiring it would stop the code this module
/// exists for from compiling), so what a fabric captures stays the app's to protect, exactly
/// as it was with KOInject, which called fabrics on whichever thread resolved.
final class FabricBox<Fabric>: @unchecked Sendable {
    let fabric: Fabric

    init(_ fabric: Fabric) {
        self.fabric = fabric
    }
}
