import Foundation
import Keystone

/// Registers the app's services once, before Resolver first needs them.
///
/// Declare it by making `Resolver` conform, anywhere in the app:
///
/// ```swift
/// extension Resolver: @retroactive ResolverRegistering {
///     public static func registerAllServices() {
///         register { NetworkService() }
///             .implements(Fetching.self)
///             .scope(.application)
///         register { ContentViewModel(fetcher: resolve()) }
///     }
/// }
/// ```
///
/// Resolver's spelling, without `@retroactive`, compiles too, but the Swift 6 compiler warns
/// about it in the app's module: "extension declares a conformance of imported type
/// 'Resolver' to imported protocol 'ResolverRegistering'". `@retroactive` silences it, and is
/// safe: the conformance is the app's to declare, and this module never declares it.
///
/// It runs once for the container behind ``Resolver/main``, before the first registration in
/// it or the first resolve, whichever comes first, so that registrations made explicitly (a
/// test's mock) override it. Threads that arrive while it runs wait for it; the thread running
/// it may register and resolve.
public protocol ResolverRegistering {
    /// Registers the app's services, usually with the static `register` functions.
    static func registerAllServices()
}

/// A type that resolves from a ``Resolver`` it names: ``Resolver/root`` unless it says
/// otherwise.
public protocol Resolving {
    /// The resolver to resolve from.
    var resolver: Resolver { get }
}

extension Resolving {
    /// ``Resolver/root``, the resolver the static functions use.
    public var resolver: Resolver { Resolver.root }
}

/// Resolver's registry of services, as a thin layer over a Keystone ``Keystone/Container``.
///
/// Each resolver keeps its registrations in ``container``, a real Keystone container: the
/// registrations made here are Keystone registrations, and resolution is Keystone resolution,
/// so cycles are reported with their path and a missing service traps with Keystone's full
/// diagnostic. ``main`` is backed by `Container.shared`, so code migrated to Keystone's own API
/// and code still written for Resolver see one graph.
///
/// A resolver made with ``init(child:)`` or given children with ``add(child:)`` looks up its
/// own registrations first, then each child's, in order, as Resolver does.
public final class Resolver: Sendable {

    // MARK: - Defaults

    /// The process-wide settings: ``main``, ``root`` and ``defaultScope``.
    private struct Settings {
        var main: Resolver
        var root: Resolver
        var defaultScope: ResolverScope
        var decorate: (@Sendable (_ service: Any) -> Void)?
    }

    private static let settings: Protected<Settings> = {
        let main = Resolver(backing: .shared)
        return Protected(Settings(main: main, root: main, defaultScope: .graph, decorate: nil))
    }()

    /// The resolver the static `register` functions register in.
    ///
    /// By default it is backed by Keystone's `Container.shared` (its ``container`` is whatever
    /// `Container.shared` is for the current task), so `Container.withShared(_:operation:)`
    /// isolates a test's registrations. Assigning another resolver replaces it for the whole
    /// process, as in Resolver.
    public static var main: Resolver {
        get { settings.withLock { $0.main } }
        set { settings.withLock { $0.main = newValue } }
    }

    /// The resolver the static `resolve` functions, ``Resolving`` and the property wrappers
    /// resolve from; ``main`` unless you assign another, such as a mock:
    ///
    /// ```swift
    /// extension Resolver {
    ///     static let mock = Resolver(child: .main)
    /// }
    ///
    /// Resolver.root = .mock
    /// ```
    public static var root: Resolver {
        get { settings.withLock { $0.root } }
        set { settings.withLock { $0.root = newValue } }
    }

    /// The scope of registrations made without one: ``ResolverScope/graph`` unless you assign
    /// another, such as `.unique`. Read when a registration is made.
    public static var defaultScope: ResolverScope {
        get { settings.withLock { $0.defaultScope } }
        set { settings.withLock { $0.defaultScope = newValue } }
    }

    /// A decorator given every service that `resolve` and `optional` return (static or on a
    /// resolver, and those a factory resolves), as in Resolver 1.5.1; nil, the default, for
    /// none. As in Resolver, it is applied in debug builds only.
    ///
    /// ```swift
    /// Resolver.decorate = { service in print("resolved \(type(of: service))") }
    /// ```
    ///
    /// It runs on the thread that resolves, after the service is made and before it is
    /// returned, so it is `@Sendable`. ``reset()`` leaves it as it is.
    public static var decorate: (@Sendable (_ service: Any) -> Void)? {
        get { settings.withLock { $0.decorate } }
        set { settings.withLock { $0.decorate = newValue } }
    }

    // MARK: - Lifecycle

    /// Where a resolver keeps its registrations.
    enum Backing: Sendable {
        /// Its own container.
        case own(Container)
        /// Keystone's `Container.shared`, as it is for the current task.
        case shared
    }

    let backing: Backing
    private let children = Protected<[Resolver]>([])

    init(backing: Backing) {
        self.backing = backing
    }

    /// Creates a resolver with its own container, which falls back to `child` (when given)
    /// for what it does not register itself.
    ///
    /// A mock resolver for tests is a resolver with `main` as its child: its registrations
    /// override main's, and everything else comes from main.
    public init(child: Resolver? = nil) {
        self.backing = .own(Container())
        if let child { children.withLock { $0.append(child) } }
    }

    /// Creates a resolver that falls back to `parent`: Resolver 1.0's name for
    /// ``init(child:)``, which does the same.
    public init(parent: Resolver) {
        self.backing = .own(Container())
        children.withLock { $0.append(parent) }
    }

    /// Adds a resolver to look in, after this one and the children added before it, for
    /// what this one does not register.
    public func add(child: Resolver) {
        children.withLock { $0.append(child) }
    }

    /// The Keystone container that holds this resolver's registrations and instances.
    ///
    /// Use it to migrate at your pace: register and resolve with Keystone's API in it, and
    /// `verify()` it or draw its graph. For ``main`` (unless replaced) it is `Container.shared`.
    public var container: Container {
        switch backing {
        case .own(let container): container
        case .shared: Container.shared
        }
    }

    /// This resolver's own cache, used by `.scope(.container)`; `reset()` it to drop what it
    /// holds in this resolver only.
    public var cache: ResolverScope {
        ResolverScopeCache(keystone: ResolverScope.container.keystone, only: container)
    }

    /// Runs ``ResolverRegistering/registerAllServices()`` now if it has not run yet. Resolver
    /// runs it by itself before it is needed, so calling this is rarely necessary.
    public final func registerServices() {
        Resolver.registrationCheck()
    }

    /// Puts Resolver back in its initial state: a new, empty ``main`` (with a container of its
    /// own, no longer `Container.shared`), ``root`` set to it, the `.application`, `.cached`
    /// and `.shared` caches emptied, and ``ResolverRegistering/registerAllServices()`` to run
    /// again before the next resolve.
    public static func reset() {
        let main = Resolver()
        settings.withLock {
            $0.main = main
            $0.root = main
        }
        ResolverScope.application.reset()
        ResolverScope.cached.reset()
        ResolverScope.shared.reset()
    }

    // MARK: - Registration check

    /// Runs the app's `registerAllServices()` once for the container behind ``main``: through
    /// Keystone's run-once gate, so that threads arriving while it runs wait for it to end and
    /// the hook itself, registering and resolving on its own thread, goes on.
    @usableFromInline
    static func registrationCheck() {
        guard isRegistering else { return }
        // Read under the lock, not through `main`, which would retain and release the resolver.
        let container = settings.withLock { $0.main.container }
        // The gate's done state costs one load; the process-wide container's gate needs no
        // table to find.
        if container === Container.processWide {
            Bookkeeping.processWideHook.runIfPending(for: container)
        } else {
            Bookkeeping.registrationHook(of: container).runIfPending(for: container)
        }
    }

    /// Whether the app declares ``ResolverRegistering``: a conformance, fixed for the process.
    private static let isRegistering = Resolver.self as Any.Type is any ResolverRegistering.Type

    // MARK: - Lookup

    /// The container, among this resolver's and its children's (depth first, in order), that
    /// registers `Service` under `name` itself: through Resolver or with Keystone's own API,
    /// as Keystone's registration query sees it (a parent of the container does not count).
    ///
    /// A Resolver registration still waiting for its options to be complete is made first,
    /// so that the query sees it.
    func owner<Service>(of type: Service.Type, key: RegistrationKey, name: Keystone.Name?) -> Container? {
        var visited: Set<ObjectIdentifier> = []
        return owner(of: Service.self, key: key, name: name, visited: &visited)
    }

    /// Whether this resolver has no children: then ``owner(of:key:name:)`` can only be its own
    /// container, or none.
    var isAlone: Bool { children.withLock { $0.isEmpty } }

    private func owner<Service>(
        of type: Service.Type,
        key: RegistrationKey,
        name: Keystone.Name?,
        visited: inout Set<ObjectIdentifier>
    ) -> Container? {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return nil }
        let container = self.container
        Bookkeeping.specification(for: key, in: container)?.installIfPending(in: container)
        if container.registration(for: Service.self, name: name)?.depth == 0 { return container }
        for child in children.withLock({ $0 }) {
            if let found = child.owner(of: Service.self, key: key, name: name, visited: &visited) { return found }
        }
        return nil
    }
}
