import Foundation

/// What a Zerk property wrapper holds: the dependency, the arguments to make it with, and
/// the instance it keeps, if it keeps one.
///
/// It keeps one for a `scoped` dependency (made at the first read, then the wrapper's own),
/// for a service registered with Keystone's own API (resolved when the wrapper is made, as
/// Keystone's wrappers do), and once a mutable wrapper wrote through it. A `transient`
/// dependency is made anew at each read, and a `singleton` is read from its storage.
///
/// Not `Sendable`: a wrapper lives in its owner. The lock keeps the kept instance consistent
/// when the owner is read from several threads anyway.
final class InjectionHolder<D> {
    private let dependency: Dependency
    private let arguments: DependencyArguments
    /// Guards `kept`. Never held while a dependency is made.
    private let lock = NSLock()
    private var kept: D?

    init(from storage: DependencyRestoring, with arguments: DependencyArguments) {
        self.dependency = storage.restore(D.self)
        self.arguments = arguments
        if !dependency.isStored {
            kept = dependency.getInstance(with: arguments)
        }
    }

    var instance: D {
        get {
            if let kept = lock.withLock({ kept }) { return kept }
            guard dependency.lifeTime == .scoped else { return dependency.getInstance(with: arguments) }
            let made: D = dependency.getInstance(with: arguments)
            return lock.withLock {
                // Another thread may have made one meanwhile: keep the first.
                if let kept { return kept }
                kept = made
                return made
            }
        }
        set {
            lock.withLock { kept = newValue }
        }
    }
}
