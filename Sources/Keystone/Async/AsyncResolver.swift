/// The async resolution in progress, handed to every async factory and hook.
///
/// Resolve a factory's dependencies through it, with `try await`:
///
/// ```swift
/// container.register(Database.self, scope: .singleton) { r in
///     try await Database.open(config: r.resolve())
/// }
/// ```
///
/// It resolves async and synchronous registrations alike. Like ``Resolver``, it keeps one
/// resolution together: `.graph` instances are shared across it (a synchronous registration's
/// too, also when a synchronous factory under an async one needs it), a failure is reported
/// with the whole path, and a cycle with its path instead of awaiting forever.
///
/// Kept by a factory and used after the resolve that handed it out has returned, it starts a
/// resolution of its own in its container, as a stored ``Resolver`` does. It holds its container
/// weakly: stored and used after the container is gone, it fails with
/// ``ResolutionError/Kind/disposed``.
public struct AsyncResolver: Sendable {
    /// The container whose registration is being built: nested resolves start there.
    let owner: WeakContainerReference
    /// The state the whole resolution shares.
    @usableFromInline let resolution: ResolutionContext
    /// The async registrations being built around ``current``, outermost first.
    let outer: AsyncPath
    /// The async registration whose factory or hook this resolver was handed; nil for the
    /// resolver a resolution starts with. Kept apart from `outer`, so that a factory that
    /// resolves nothing costs no array.
    @usableFromInline let current: AnyEntry?

    @usableFromInline
    init(owner: WeakContainerReference, resolution: ResolutionContext, outer: AsyncPath, current: AnyEntry?) {
        self.owner = owner
        self.resolution = resolution
        self.outer = outer
        self.current = current
    }

    /// The async registrations being built, outermost first: made when a factory resolves
    /// something, or fails.
    @usableFromInline var path: [AnyEntry] {
        var path = outer.entries
        if let current { path.append(current) }  // one array made, where `+ [current]` made two
        return path
    }

    /// ``path`` as the `outer` of a resolver nested in this one.
    var innerPath: AsyncPath {
        guard let current else { return outer }
        return outer.appending(current)
    }

    /// Resolves a service as part of this resolution.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's in number, order
    ///     and type.
    /// - Throws: ``ResolutionError`` with the resolution path.
    @inlinable
    @inline(__always)
    public func resolve<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await resolveRegistration(
            RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self),
            as: type,
            name: name,
            arguments: repeat each arguments
        )
    }
}
