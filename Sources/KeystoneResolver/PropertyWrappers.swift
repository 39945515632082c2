import Foundation

/// Resolves its service when the object that holds it is made, from ``Resolver/root`` (or
/// the `container` given), trapping with Keystone's diagnostic if it cannot.
///
/// ```swift
/// final class ContentScreen {
///     @Injected var model: ContentViewModel
///     @Injected(name: "fred") var fred: NameService
/// }
/// ```
@propertyWrapper public struct Injected<Service> {
    private var service: Service

    /// Resolves the service from ``Resolver/root``.
    public init() {
        self.service = Resolver.resolve(Service.self)
    }

    /// Resolves the service under `name` from `container`, or from ``Resolver/root``.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        self.service = container?.resolve(Service.self, name: name) ?? Resolver.resolve(Service.self, name: name)
    }

    /// The resolved service.
    public var wrappedValue: Service {
        get { service }
        mutating set { service = newValue }
    }

    /// The wrapper itself.
    public var projectedValue: Injected<Service> {
        get { self }
        mutating set { self = newValue }
    }
}

/// Resolves its service, if it is registered, when the object that holds it is made; nil
/// otherwise.
@propertyWrapper public struct OptionalInjected<Service> {
    private var service: Service?

    /// Resolves the service from ``Resolver/root``, if it is registered.
    public init() {
        self.service = Resolver.optional(Service.self)
    }

    /// Resolves the service under `name` from `container`, or from ``Resolver/root``, if it
    /// is registered.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        self.service = container?.optional(Service.self, name: name) ?? Resolver.optional(Service.self, name: name)
    }

    /// The resolved service, or nil.
    public var wrappedValue: Service? {
        get { service }
        mutating set { service = newValue }
    }

    /// The wrapper itself.
    public var projectedValue: OptionalInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }
}

/// The state of a lazy wrapper, shared by its copies.
///
/// `@unchecked Sendable`: `service`, `object` and `resolving` are guarded by `lock`. The lock is
/// recursive so that a factory reading the same wrapper is reported rather than deadlocking.
final class LazyState<Service>: @unchecked Sendable {
    let lock = NSRecursiveLock()
    var service: Service?
    weak var object: AnyObject?
    var resolved = false
    var resolving = false

    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Resolves with `resolve` once, under the lock, so that threads reading at once share one
    /// instance.
    func resolveOnce(_ resolve: () -> Void) {
        guard !resolved else { return }
        guard !resolving else {
            fatalError(
                "KeystoneResolver: a lazy property of `\(Service.self)` was read while its own service was being resolved: a cycle. To fix, break the cycle with @WeakLazyInjected or resolveProperties."
            )
        }
        resolving = true
        defer { resolving = false }
        resolve()
        resolved = true
    }
}

/// Resolves its service the first time it is read, from ``Resolver/root`` (or `container`),
/// under `name` and with `args` if set before then.
///
/// ```swift
/// final class ContentScreen {
///     @LazyInjected var formatter: PriceFormatter
/// }
/// ```
///
/// Reading it from several threads at once resolves it once. `$formatter.release()` drops the
/// instance; the next read resolves again.
@propertyWrapper public struct LazyInjected<Service> {
    private let state = LazyState<Service>()
    /// The resolver to resolve from; ``Resolver/root`` when nil.
    public var container: Resolver?
    /// The name to resolve under.
    public var name: Resolver.Name?
    /// The arguments to pass to the factory.
    public var args: Any?

    /// Resolves from ``Resolver/root`` on first use.
    public init() {}

    /// Resolves under `name` from `container` (or ``Resolver/root``) on first use.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        self.name = name
        self.container = container
    }

    /// Whether the service has not been resolved (or was released).
    public var isEmpty: Bool {
        state.withLock { state.service == nil }
    }

    /// The service, resolved on first read.
    public var wrappedValue: Service {
        get {
            state.withLock {
                state.resolveOnce {
                    state.service =
                        container?.resolve(Service.self, name: name, args: args)
                        ?? Resolver.resolve(Service.self, name: name, args: args)
                }
                guard let service = state.service else {
                    fatalError("KeystoneResolver: unreachable: a resolved lazy service is missing")
                }
                return service
            }
        }
        nonmutating set {
            state.withLock {
                state.service = newValue
                state.resolved = true
            }
        }
    }

    /// The wrapper itself: set `name`, `container` or `args` through it before first use.
    public var projectedValue: LazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Drops the instance; the next read resolves again.
    public func release() {
        state.withLock {
            state.service = nil
            state.resolved = false
        }
    }
}

/// Resolves its service the first time it is read and holds it weakly: it stays nil once
/// the last strong reference elsewhere is gone.
///
/// ```swift
/// final class ChildScreen {
///     @WeakLazyInjected var coordinator: Coordinator?
/// }
/// ```
///
/// `$coordinator.release()` drops the reference; the next read resolves again.
@propertyWrapper public struct WeakLazyInjected<Service> {
    private let state = LazyState<Service>()
    /// The resolver to resolve from; ``Resolver/root`` when nil.
    public var container: Resolver?
    /// The name to resolve under.
    public var name: Resolver.Name?
    /// The arguments to pass to the factory.
    public var args: Any?

    /// Resolves from ``Resolver/root`` on first use.
    public init() {}

    /// Resolves under `name` from `container` (or ``Resolver/root``) on first use.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        self.name = name
        self.container = container
    }

    /// Whether there is no instance: not resolved yet, released, or gone.
    public var isEmpty: Bool {
        state.withLock { state.object == nil }
    }

    /// The service, resolved on first read, while someone else holds it.
    public var wrappedValue: Service? {
        get {
            state.withLock {
                state.resolveOnce {
                    let service =
                        container?.resolve(Service.self, name: name, args: args)
                        ?? Resolver.resolve(Service.self, name: name, args: args)
                    state.object = service as AnyObject
                }
                return state.object as? Service
            }
        }
        nonmutating set {
            state.withLock {
                state.object = newValue.map { $0 as AnyObject }
                state.resolved = true
            }
        }
    }

    /// The wrapper itself: set `name`, `container` or `args` through it before first use.
    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Drops the reference; the next read resolves again.
    public func release() {
        state.withLock {
            state.object = nil
            state.resolved = false
        }
    }
}
