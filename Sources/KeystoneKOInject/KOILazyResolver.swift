import Foundation

/// Resolves an object only when asked, and holds it until ``dispose()``: for a database
/// connection that should be open for one job rather than for the owner's whole life.
///
/// ```swift
/// let lazy = KOILazyResolver(resolver: container, forType: ApiClientProtocol.self)
/// lazy.resolve()  // resolves and holds the object
/// let client = lazy.object
/// lazy.dispose()  // lets it go
/// ```
///
/// The resolver is usually the one a fabric receives; the object then comes from the
/// container that built the fabric's object, even after that resolve has ended.
/// `KOILazyResolverArg1` to `KOILazyResolverArg9` pass runtime arguments.
///
/// A lazy resolver may be used from several threads: ``object`` is read and written under a
/// lock.
public class KOILazyResolver<RegisterType>: KOIDisposableProtocol {
    let resolver: KOIResolverProtocol
    private let lock = NSLock()
    private var held: RegisterType?

    /// Creates a lazy resolver that resolves `RegisterType` through `resolver`.
    public init(resolver: KOIResolverProtocol, forType type: RegisterType.Type) {
        self.resolver = resolver
    }

    /// Creates a lazy resolver: KOInject 2.0's spelling of ``init(resolver:forType:)``.
    public convenience init(resolver: KOIResolverProtocol, type: RegisterType.Type) {
        self.init(resolver: resolver, forType: type)
    }

    /// The object resolved by ``resolve()``, or nil before it and after ``dispose()`` (or if
    /// nothing was registered).
    public var object: RegisterType? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }

    /// Resolves the object and holds it in ``object``, replacing what was held.
    public func resolve() {
        _ = resolveAndHold()
    }

    /// Lets go of the held object. One the container keeps (`.shared`) stays in the container.
    public func dispose() {
        object = nil
    }

    /// Resolves, holds and returns the object: the value ``KOIIsolatedResolver`` hands to its
    /// action, read without a second lookup that another thread's ``dispose()`` could empty.
    func resolveAndHold() -> RegisterType? {
        let resolved = build()
        object = resolved
        return resolved
    }

    /// Resolves the object, with the subclass's arguments.
    func build() -> RegisterType? {
        resolver.resolve()
    }
}
