import Keystone

/// How long a resolved instance lives, in Resolver's words; each scope is a Keystone
/// ``Keystone/Scope`` underneath.
///
/// | Resolver | Keystone | One instance per |
/// |---|---|---|
/// | ``application`` | `.singleton` | container, for the life of the app |
/// | ``cached`` | `.cached("Resolver.cached")` | container, until `ResolverScope.cached.reset()` |
/// | ``graph`` (default) | `.graph` | resolution |
/// | ``shared`` | `.weak` | as long as someone else holds it |
/// | ``unique`` | `.transient` | resolve |
/// | ``container`` | `.cached("Resolver.container")` | resolver, until its `cache.reset()` |
///
/// Beware: ``shared`` is a **weak** scope. A value type cannot be held weakly, so a `.shared`
/// registration of a struct makes a new value on every resolve, as in Resolver.
///
/// Subclassing a scope to change how it resolves is not supported: the instances live in
/// Keystone's scopes. Make your own resettable caches with ``ResolverScopeCache/init()``.
///
/// `@unchecked Sendable`: a scope holds only immutable `let`s; what it caches lives in the
/// Keystone containers, guarded by their own locks.
public class ResolverScope: @unchecked Sendable {
    /// The Keystone scope that holds this scope's instances.
    let keystone: Scope

    /// One instance for the life of the app (a singleton).
    public static let application = ResolverScopeCache(keystone: .singleton)
    /// One instance until `ResolverScope.cached.reset()`, such as a user session's.
    public static let cached = ResolverScopeCache(keystone: .cached("Resolver.cached"))
    /// One instance per resolver, kept in its ``Resolver/cache``.
    public static let container = ResolverScopeContainer()
    /// One instance per resolution: the default scope.
    public static let graph = ResolverScopeGraph()
    /// One instance for as long as something else holds it strongly (a weak scope).
    public static let shared = ResolverScopeShare()
    /// A new instance on every resolve.
    public static let unique = ResolverScope()

    /// A scope that makes a new instance on every resolve, like ``unique``.
    public init() {
        self.keystone = .transient
    }

    init(keystone: Scope) {
        self.keystone = keystone
    }

    /// Drops what this scope holds, so the next resolve makes a new instance. Scopes that
    /// hold nothing (``graph``, ``unique``) do nothing.
    public func reset() {}

    /// Resets `keystone` in `containers`, or in every container Resolver registered in.
    func reset(in containers: [Container]? = nil) {
        for container in containers ?? Bookkeeping.liveContainers {
            container.reset(keystone)
        }
    }
}

/// A scope that keeps its instances until ``reset()``: ``ResolverScope/application``,
/// ``ResolverScope/cached``, or your own.
///
/// ```swift
/// extension ResolverScope {
///     static let session = ResolverScopeCache()
/// }
/// ```
public final class ResolverScopeCache: ResolverScope, @unchecked Sendable {
    private static let counter = Protected(0)
    /// The one container this cache belongs to (a resolver's ``Resolver/cache``), if any.
    private let only: WeakReference<Container>?

    /// A new cache of its own, a Keystone `.cached` scope with a name no other cache has.
    public override init() {
        let number = Self.counter.withLock { counter in
            counter += 1
            return counter
        }
        self.only = nil
        super.init(keystone: .cached("ResolverScopeCache#\(number)"))
    }

    init(keystone: Scope, only container: Container? = nil) {
        self.only = container.map(WeakReference.init)
        super.init(keystone: keystone)
    }

    /// Drops every instance this cache holds, in every resolver; the next resolve of each
    /// makes a new one.
    public override func reset() {
        if let only {
            reset(in: only.object.map { [$0] } ?? [])
        } else {
            reset(in: nil)
        }
    }
}

/// One instance per resolution: every service built while resolving one root shares it.
/// The default scope; Keystone's `.graph`.
public final class ResolverScopeGraph: ResolverScope, @unchecked Sendable {
    /// The graph scope.
    public override init() {
        super.init(keystone: .graph)
    }
}

/// One instance shared while something else holds it strongly; Keystone's `.weak`.
public final class ResolverScopeShare: ResolverScope, @unchecked Sendable {
    /// The shared (weak) scope.
    public override init() {
        super.init(keystone: .weak)
    }

    /// Forgets the instances this scope shares, so the next resolve makes new ones.
    public override func reset() {
        reset(in: nil)
    }
}

/// A new instance on every resolve: Resolver's name for the base scope.
public typealias ResolverScopeUnique = ResolverScope

/// One instance per resolver, in its ``Resolver/cache``.
public final class ResolverScopeContainer: ResolverScope, @unchecked Sendable {
    /// The container scope.
    public override init() {
        super.init(keystone: .cached("Resolver.container"))
    }

    /// Drops what every resolver's cache holds.
    public override func reset() {
        reset(in: nil)
    }
}
