import Foundation
import Keystone

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

/// What a weak lazy wrapper keeps once resolved: the instance, held weakly. Kept (and so not
/// resolved again) after the instance is gone, until released.
struct WeakInstance {
    weak var object: AnyObject?
}

/// The trap for a lazy wrapper read by its own service's factory, on the resolving thread.
func lazyReadWhileResolving(_ service: Any.Type) -> Never {
    fatalError(
        "KeystoneResolver: a lazy property of `\(service)` was read while its own service was being resolved: a cycle. To fix, break the cycle with @WeakLazyInjected or resolveProperties."
    )
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
    /// Shared by the wrapper's copies: resolved once, with no lock held while it resolves.
    private let cell = LazyCell<Service>()
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
        cell.current == nil
    }

    /// The service, resolved on first read.
    public var wrappedValue: Service {
        get {
            cell.value {
                container?.resolve(Service.self, name: name, args: args)
                    ?? Resolver.resolve(Service.self, name: name, args: args)
            } reentered: {
                lazyReadWhileResolving(Service.self)
            }
        }
        nonmutating set {
            cell.store(newValue)
        }
    }

    /// The wrapper itself: set `name`, `container` or `args` through it before first use.
    public var projectedValue: LazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Drops the instance; the next read resolves again.
    public func release() {
        cell.clear()
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
    /// Shared by the wrapper's copies: resolved once, with no lock held while it resolves.
    private let cell = LazyCell<WeakInstance>()
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
        cell.current?.object == nil
    }

    /// The service, resolved on first read, while someone else holds it.
    public var wrappedValue: Service? {
        get {
            let kept = cell.value {
                let service =
                    container?.resolve(Service.self, name: name, args: args)
                    ?? Resolver.resolve(Service.self, name: name, args: args)
                return WeakInstance(object: service as AnyObject)
            } reentered: {
                lazyReadWhileResolving(Service.self)
            }
            return kept.object as? Service
        }
        nonmutating set {
            cell.store(WeakInstance(object: newValue.map { $0 as AnyObject }))
        }
    }

    /// The wrapper itself: set `name`, `container` or `args` through it before first use.
    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Drops the reference; the next read resolves again.
    public func release() {
        cell.clear()
    }
}
