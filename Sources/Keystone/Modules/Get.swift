/// Resolves a service: inside a module's factory or hook, as part of the resolution in
/// progress; anywhere else, from ``Container/shared``.
///
/// ```swift
/// let thingModule = Module {
///     transient { Thing() }
///     singleton { try ThingFetcher(thing: get()) }
/// }
///
/// let controller: TipsViewController = try get()
/// ```
///
/// Inside a factory declared in a ``Module`` (and its `then` hooks), `get()` is that
/// factory's ``Resolver``: the `.graph` scope and cycle detection see the whole resolution,
/// lookups start at the container the module was loaded into, and a failure throws, so one
/// `try` lets it unwind with its full path to whoever resolved the outermost service.
///
/// Outside a module factory (in app code, or in a factory given to `register`, which should
/// use the resolver it receives), `get()` resolves from ``Container/shared`` as it is at
/// that moment.
///
/// - Parameters:
///   - type: The service type; inferred from the context when omitted.
///   - name: The name it was registered under, if any.
///   - arguments: The runtime arguments, matching the registration's.
/// - Throws: ``ResolutionError`` with the resolution path.
@inlinable
public func get<Service, each Argument>(
    _ type: Service.Type = Service.self,
    name: Name? = nil,
    arguments: repeat each Argument
) throws(ResolutionError) -> Service {
    // Inlinable, so that the resolve is compiled for the caller's types (a module factory's
    // `get()` is its every dependency).
    if let resolver = ModuleResolution.current {
        return try resolver.resolve(Service.self, name: name, arguments: repeat each arguments)
    }
    return try Container.shared.tryResolve(Service.self, name: name, arguments: repeat each arguments)
}

/// The resolver of the module factory running on this thread, for ``get(_:name:arguments:)``.
///
/// Kept in the resolution running on this thread (``ResolutionContext/moduleOwner``, found
/// through the thread's current resolution, one load): the factory's resolver is that
/// resolution's, so only its owner is kept, set while the factory call runs and restored to the
/// previous one when it returns (factories nest when one resolves another). No allocation, no
/// lock, no generic helper around the factory: only the resolution's own thread reads it. A
/// factory that starts a resolution of its own (`container.resolve` inside it) starts with
/// none: a `get()` in a `register` factory of that resolution resolves from
/// ``Container/shared``, as outside any module factory.
@usableFromInline
enum ModuleResolution {
    /// The resolver of the innermost module factory running on this thread.
    @usableFromInline
    static var current: Resolver? {
        guard let context = CurrentResolution.context, let owner = context.confined.moduleOwner else { return nil }
        return Resolver(context: context, owner: owner)
    }

    /// Runs `body` with `resolver` as the current one.
    @inline(__always)
    static func with<T>(_ resolver: Resolver, _ body: () throws -> T) throws -> T {
        let context = resolver.context
        let previous = context.confined.moduleOwner
        context.confined.moduleOwner = resolver.owner
        defer { context.confined.moduleOwner = previous }
        return try body()
    }
}
