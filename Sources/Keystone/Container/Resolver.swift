/// The resolution in progress, handed to every factory and hook.
///
/// Resolve a factory's dependencies through its resolver, with `try`:
///
/// ```swift
/// container.register(Storage.self) { r in try DiskStorage(client: r.resolve()) }
/// ```
///
/// Resolving through the resolver (rather than through the container) keeps the whole
/// resolution together: `.graph` instances are shared across it, cycles are reported with
/// their path, and a failure unwinds to the outermost call with the full path.
///
/// A resolver may be stored and used later (for example by a lazy dependency). Used after
/// its resolution has finished, or from another thread, it starts a new resolution in the
/// container that owns the registration. A stored resolver holds its container weakly: once
/// the container is gone, resolving fails with ``ResolutionError/Kind/disposed``.
public struct Resolver: Sendable {
    @usableFromInline let context: ResolutionContext
    /// The container whose registration is being built: the one nested resolves start at.
    /// Alive while `context` runs (it is the root or one of the root's ancestors).
    let owner: Unmanaged<Container>

    /// Resolves a service as part of this resolution.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's in number, order
    ///     and type.
    /// - Throws: ``ResolutionError`` with the resolution path.
    @inlinable
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        // A held instance that is already built: one lock-free lookup, no allocation;
        // otherwise the slot found goes on, so that the key is looked up once.
        let probe = probe(for: key)
        if let box = probe?.published { return InstanceBox<Service>.copy(box) }
        return try PackedArguments.with(repeat each arguments) { (packed) throws(ResolutionError) -> Service in
            try resolve(
                key,
                probe: probe,
                name: name,
                argumentTypes: (repeat each Argument).self,
                arguments: packed
            )
        }
    }

    /// Resolves a service as part of this resolution, or returns nil if nothing is
    /// registered for it.
    ///
    /// Only a missing registration of the service itself gives nil; a failure while
    /// building it (a missing dependency, a cycle, a throwing factory) is thrown.
    public func resolveOptional<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service? {
        // Nil before resolving, for a key nothing registers (see
        // `Container.isRegisteredNowhere`): the error it would build is dropped here. Only
        // while the resolution runs on this thread, when the owner is alive (a stored resolver
        // may outlive it).
        if !_isOptional(Service.self), context.isUsableHere, context.observer == nil,
            owner._withUnsafeGuaranteedRef({
                $0.isRegisteredNowhere(
                    RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self), topLevel: false)
            })
        {
            return nil
        }
        do {
            return try resolve(type, name: name, arguments: repeat each arguments)
        } catch  where error.isMissingRoot(depth: context.isUsableHere ? context.depth : 0) {
            return nil
        }
    }
}

extension ResolutionError {
    /// Whether this error says that the service requested at `depth` (the number of
    /// services its resolution was building around the request) has no registration.
    @usableFromInline
    func isMissingRoot(depth: Int) -> Bool {
        missingAtDepth == depth
    }
}
