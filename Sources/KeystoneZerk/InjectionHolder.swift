import Keystone

/// What a Zerk property wrapper holds: the dependency, the arguments to make it with, and
/// the instance it keeps, if it keeps one.
///
/// It keeps one for a `scoped` dependency (made at the first read, then the wrapper's own),
/// for a service registered with Keystone's own API (resolved when the wrapper is made, as
/// Keystone's wrappers do), and once a mutable wrapper wrote through it. A `transient`
/// dependency is made anew at each read, and a `singleton` is read from its storage.
///
/// The kept instance lives in Keystone's lazy cell: a `scoped` dependency read from several
/// threads at once is made once, and no lock is held while it is made.
///
/// Not `Sendable`: a wrapper lives in its owner. The cell keeps the kept instance consistent
/// when the owner is read from several threads anyway.
final class InjectionHolder<D> {
    private let dependency: Dependency
    private let arguments: DependencyArguments
    private let kept = LazyCell<D>()

    init(from storage: DependencyRestoring, with arguments: DependencyArguments) {
        self.dependency = storage.restore(D.self)
        self.arguments = arguments
        if !dependency.isStored {
            kept.store(dependency.getInstance(with: arguments))
        }
    }

    var instance: D {
        get {
            if let kept = kept.current { return kept }
            guard dependency.lifeTime == .scoped else { return dependency.getInstance(with: arguments) }
            do {
                return try kept.value { () throws(ReadWhileMaking) -> D in
                    dependency.getInstance(with: arguments)
                } reentered: {
                    ReadWhileMaking()
                }
            } catch {
                // Read by what it is making, on this thread: made again, as any restore
                // (Keystone reports a cycle with its path).
                return dependency.getInstance(with: arguments)
            }
        }
        set {
            kept.store(newValue)
        }
    }
}

/// A wrapper read by the builder of its own instance, on the building thread.
private struct ReadWhileMaking: Error {}
