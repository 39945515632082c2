/// A service resolved only when asked, then held until disposed: a database connection that
/// is opened for one job and closed after it, rather than kept for the owner's lifetime.
///
/// ```swift
/// container.register(ViewModel.self, scope: .transient) { (r, rootPath: String) in
///     ViewModel(database: LazyResolver(DataBaseClient.self, from: r, arguments: rootPath))
/// }
///
/// // In ViewModel:
/// let client = try database.resolve()   // builds (or fetches, per its scope) and holds it
/// client.append(data)
/// database.dispose()                    // lets it go
/// ```
///
/// A lazy resolver remembers the service type, the name and the runtime arguments, and where
/// to resolve from: a ``Resolver`` handed to a factory (the usual case: the lazy resolver
/// then resolves from the container that built its owner, and holds that container weakly),
/// or a ``Container`` (held strongly), or, by default, ``Container/shared`` as it is at the
/// moment of each resolve.
///
/// What ``resolve()`` returns follows the registration's scope: a `.singleton` is fetched
/// from the container (and stays there after ``dispose()``), while a `.transient` or
/// `.graph` registration gives a new instance per resolve, so that ``dispose()`` releases the
/// last reference and the instance is deinitialised.
///
/// ## Thread safety
///
/// A lazy resolver may be used from several threads at once (it is `Sendable` when its
/// service is): concurrent first reads build the service once, the others wait for it and get
/// the same instance; no lock is held while the factory runs. A factory that reads the same
/// lazy resolver on its own thread gets a ``ResolutionError/Kind/cycle`` error instead of
/// waiting for itself.
public final class LazyResolver<Service> {
    let cell = LazyCell<Service>()
    private let make: @Sendable () throws -> Service
    private let name: Name?
    private let argumentTypes: Any.Type

    /// The resolver that resolves with `make`, for `Service` (named `name`, with arguments of
    /// `argumentTypes`): what the public initialisers make in the caller's specialised code,
    /// so that the resolve `make` runs is compiled for the caller's types (unspecialised, it
    /// asked the runtime for the metadata of the arguments' tuple on every resolve).
    @usableFromInline
    init(make: @escaping @Sendable () throws -> Service, name: Name?, argumentTypes: Any.Type) {
        self.make = make
        self.name = name
        self.argumentTypes = argumentTypes
    }

    /// Creates a lazy resolver that resolves through a factory's resolver.
    ///
    /// Used after the factory's resolution has ended, the resolver starts a new resolution in
    /// the container that owns the registration, which it holds weakly: if that container is
    /// gone, ``resolve()`` fails with ``ResolutionError/Kind/disposed``.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - resolver: The resolver the factory received.
    ///   - arguments: The runtime arguments to resolve with, kept until then (hence
    ///     `Sendable`: the resolve may happen on another thread).
    @inlinable
    public convenience init<each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        from resolver: Resolver,
        arguments: repeat each Argument
    ) {
        let values = (repeat each arguments)
        self.init(
            make: { try resolver.resolve(Service.self, name: name, arguments: repeat each values) },
            name: name,
            argumentTypes: (repeat each Argument).self
        )
        // Made by a factory that verification runs: an edge to check, not to build.
        observeIfVerified(
            RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self), by: resolver)
    }

    /// Records the edge to `key` if verification runs the factory of `resolver`'s resolution.
    @usableFromInline
    func observeIfVerified(_ key: RegistryKey, by resolver: Resolver) {
        if let verifying = ResolutionContext.verifying, verifying === resolver.context {
            verifying.observeLazy(
                key, from: resolver.owner.takeUnretainedValue(),
                service: Service.self, name: name, argumentTypes: argumentTypes)
        }
    }

    /// Creates a lazy resolver that resolves from a container.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - container: The container to resolve from, held strongly; nil (the default) means
    ///     ``Container/shared``, read at each resolve rather than now.
    ///   - arguments: The runtime arguments to resolve with.
    @inlinable
    public convenience init<each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        from container: Container? = nil,
        arguments: repeat each Argument
    ) {
        let values = (repeat each arguments)
        self.init(
            make: {
                try (container ?? Container.shared).tryResolve(Service.self, name: name, arguments: repeat each values)
            },
            name: name,
            argumentTypes: (repeat each Argument).self
        )
        // Made by a factory that verification runs: an edge to check, not to build.
        observeIfVerified(
            RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self), from: container)
    }

    /// Records the edge to `key` if verification runs the factory that makes this resolver.
    @usableFromInline
    func observeIfVerified(_ key: RegistryKey, from container: Container?) {
        if let verifying = ResolutionContext.verifying {
            verifying.observeLazy(
                key, from: container ?? Container.shared,
                service: Service.self, name: name, argumentTypes: argumentTypes)
        }
    }

    /// Resolves the service if none is held, holds it, and returns it.
    ///
    /// Calling it again before ``dispose()`` returns the held instance without resolving.
    ///
    /// - Throws: ``ResolutionError`` if the service cannot be resolved; nothing is held then,
    ///   and the next call tries again.
    @discardableResult
    public func resolve() throws(ResolutionError) -> Service {
        try cell.value(
            build: { () throws(ResolutionError) -> Service in
                do {
                    return try make()
                } catch {
                    // `make` only ever throws what `tryResolve`/`Resolver.resolve` throw.
                    throw error as! ResolutionError
                }
            },
            reentered: { Failure.lazyReentered(service: Service.self, name: name, arguments: argumentTypes) }
        )
    }

    /// The held instance, or nil before ``resolve()`` and after ``dispose()``.
    public var object: Service? { cell.current }

    /// Lets the held instance go; the next ``resolve()`` resolves again.
    ///
    /// This drops the lazy resolver's reference only: an instance the container keeps (a
    /// `.singleton`, a `.cached` one) stays in the container, which disposes it in its own
    /// time; one the container does not keep (`.transient`, `.graph`) is released.
    public func dispose() {
        cell.clear()
    }

    /// Resolves the service, trapping with the diagnostic if it cannot be resolved; for the
    /// property wrappers, whose getters cannot throw.
    func resolveOrTrap(file: StaticString, line: UInt) -> Service {
        do {
            return try resolve()
        } catch {
            error.trap(file: file, line: line)
        }
    }
}

// `cell` guards the held instance with its lock, and `make` is `@Sendable`; the held
// instance is handed to any thread that reads it, so the resolver is `Sendable` only when the
// service is.
extension LazyResolver: @unchecked Sendable where Service: Sendable {}
