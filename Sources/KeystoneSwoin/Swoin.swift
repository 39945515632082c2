import Keystone

/// A set of loaded modules over a Keystone ``Keystone/Container``: Swoin's container.
///
/// The app-wide instance, ``global``, is the one ``startSwoin(builder:)`` starts. It is
/// backed by Keystone's `Container.shared`: modules loaded with Swoin's API and registrations
/// made with Keystone's own land in one graph, so an app can move one screen at a time and
/// still check the whole graph with `Swoin.global.container.verify()`. A test that binds
/// another container with `Container.withShared(_:operation:)` (or the `.overriding` trait
/// of KeystoneTesting) has a global Swoin of its own.
///
/// A Swoin made with ``init(_:)``, ``init(_:logger:)`` or ``start(builder:)`` has a container
/// of its own.
///
/// Safe to use from any thread.
public final class Swoin: Sendable {
    /// A logger that discards every message: the default.
    public static let emptyLogger: @Sendable (String) -> Void = { _ in }
    /// A logger that prints every message, prefixed with `Swoin: `.
    public static let printLogger: @Sendable (String) -> Void = { print("Swoin: \($0)") }

    /// The Keystone container the modules are registered in: resolve, verify and draw it with
    /// Keystone's API while migrating.
    public let container: Container
    let state: SwoinState

    init(container: Container, state: SwoinState) {
        self.container = container
        self.state = state
    }

    /// Makes a Swoin with a container of its own, with `modules` loaded, logging nothing.
    ///
    /// - Parameter modules: The modules to load, in order: a later one overrides an earlier
    ///   one.
    public convenience init(_ modules: [Module] = []) {
        self.init(container: Container(), state: SwoinState())
        load(modules)
    }

    /// Makes a Swoin with a container of its own, with `modules` loaded.
    ///
    /// Swoin declared one initialiser with a defaulted logger; here a Swoin made without one
    /// installs no logger in its container, so that its resolves keep Keystone's fast path.
    ///
    /// - Parameters:
    ///   - modules: The modules to load, in order: a later one overrides an earlier one.
    ///   - logger: Receives a line for each module loaded and each registration, build,
    ///     reuse and failure in the container.
    public convenience init(_ modules: [Module] = [], logger: @escaping @Sendable (String) -> Void) {
        self.init(container: Container(), state: SwoinState())
        self.logger = logger
        load(modules)
    }

    /// Makes a Swoin with a container of its own from a list of modules and a logger, as
    /// ``startSwoin(builder:)`` does, without making it the global one.
    public static func start(@DIBuilder builder: () -> Swoin) -> Swoin {
        builder()
    }

    /// Receives a line for each module loaded or unloaded and each registration, build,
    /// reuse and failure in ``container`` (Keystone's events, through its logger).
    public var logger: @Sendable (String) -> Void {
        get { state.logger }
        set {
            state.logger = newValue
            container.logger = SwoinLogger(log: newValue)
        }
    }

    // MARK: - Loading

    /// Loads modules, in order: each overrides the modules loaded before it.
    public func load(_ modulesToLoad: [Module]) {
        logger("Loading \(modulesToLoad.count) modules")
        for module in modulesToLoad {
            load(module)
        }
    }

    /// Loads a module: registers its dependencies in ``container``, overriding those of the
    /// same type and name that modules loaded before it declare. Loading a module that is
    /// loaded already makes it the latest.
    public func load(_ module: Module) {
        logger("Loading \(module)")
        state.load(module, into: container)
    }

    /// Unloads modules.
    public func unload(_ modulesToUnload: [Module]) {
        logger("Unloading \(modulesToUnload.count) modules")
        for module in modulesToUnload {
            unload(module)
        }
    }

    /// Unloads a module: removes its registrations, releasing (and disposing, if
    /// `Disposable`) the singletons they held; what an earlier module declares for the same
    /// types answers again. A module that is not loaded is ignored.
    public func unload(_ module: Module) {
        logger("Unloading \(module)")
        state.unload(module, from: container)
    }

    // MARK: - Resolving

    /// Resolves a dependency from ``container``, trapping with Keystone's full diagnostic
    /// (the service, the resolution path, what is registered instead, and a fix) if it cannot
    /// be built.
    ///
    /// - Parameters:
    ///   - type: The type to resolve; inferred from the context when omitted.
    ///   - name: The name it was declared with, if any.
    ///   - file: The file of the call, which a trap names. Leave the default.
    ///   - line: The line of the call, which a trap names. Leave the default.
    @inlinable
    public func get<T>(
        _ type: T.Type = T.self, named name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        container.resolve(T.self, name: Name.swoin(name), file: file, line: line)
    }
}

extension Swoin {
    /// The app-wide Swoin: nil until ``startSwoin(builder:)`` starts it (or one is assigned),
    /// and again after ``stopSwoin()``.
    ///
    /// Each `Container.shared` has its own: a test that binds a container of its own with
    /// `Container.withShared(_:operation:)` starts and stops its own global Swoin, unseen by
    /// tests running at the same time. Assigning a Swoin with a container of its own makes
    /// `get()` and `@Inject` resolve from it; assigning nil is ``stopSwoin()``.
    public static var global: Swoin! {
        get {
            let container = Container.shared
            return SwoinGlobal.state(for: container).global(over: container)
        }
        set {
            let container = Container.shared
            let state = SwoinGlobal.state(for: container)
            guard let newValue else {
                stopSwoin()
                return
            }
            state.assignGlobal(newValue, over: container)
        }
    }

    /// The Swoin that `get()` and `@Inject` use outside a factory: ``global`` if one was
    /// assigned, else the one over `Container.shared` (started or not, so that Keystone
    /// registrations resolve too).
    static var current: Swoin {
        let container = Container.shared
        let state = SwoinGlobal.state(for: container)
        return state.assigned ?? state.view(over: container)
    }

    /// The container of ``current``, found without making the Swoin when none was assigned.
    @usableFromInline
    static var currentContainer: Container { SwoinGlobal.currentContainer }
}

/// Starts the global Swoin: loads the listed modules into Keystone's `Container.shared`, and
/// sets the logger if one is listed.
///
/// ```swift
/// startSwoin {
///     appModule
///     thingModule
///     logger(Swoin.printLogger)
/// }
/// ```
///
/// Starting it again before ``stopSwoin()`` is a programming error, and traps.
///
/// - Returns: The global Swoin, ``Swoin/global``.
@discardableResult
public func startSwoin(@DIBuilder builder: () -> Swoin) -> Swoin {
    let container = Container.shared
    let state = SwoinGlobal.state(for: container)
    guard state.markStarted() else {
        fatalError(
            "Swoin: startSwoin was called while Swoin is already started. To fix, call stopSwoin() before starting it again, or load more modules with Swoin.global.load(_:)."
        )
    }
    return SwoinGlobal.$starting.withValue(container, operation: builder)
}

/// Stops the global Swoin: unloads its modules from `Container.shared` (releasing the
/// singletons they held) and makes ``Swoin/global`` nil, so that ``startSwoin(builder:)``
/// may run again.
public func stopSwoin() {
    let container = Container.shared
    SwoinGlobal.state(for: container).stop(over: container)
}
