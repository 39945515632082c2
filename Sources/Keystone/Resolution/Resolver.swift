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
    let context: ResolutionContext
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
        // A held instance that is already built: one lock-free lookup, no allocation.
        if let box = protectPublishedInstance(for: key) { return InstanceBox<Service>.copy(box) }
        return try withUnsafePointer(to: (repeat each arguments)) { (pointer) throws(ResolutionError) -> Service in
            try resolve(
                key,
                name: name,
                argumentTypes: (repeat each Argument).self,
                arguments: UnsafeRawPointer(pointer)
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
        do {
            return try resolve(type, name: name, arguments: repeat each arguments)
        } catch  where error.isMissingRoot(depth: context.isUsableHere ? context.path.count : 0) {
            return nil
        }
    }

    /// The instance published for `key` in the owner's own registry, announced with a hazard
    /// pointer (see ``Slot``), or nil. Only while the resolution runs on this thread: then the
    /// owner is alive; an escaped resolver takes the slow path, which checks.
    @usableFromInline
    func protectPublishedInstance(for key: RegistryKey) -> UnsafeMutableRawPointer? {
        // Verification observes every resolve, built or not, and a logger reports it, so both
        // take the slow path.
        guard context.isUsableHere, context.observer == nil else { return nil }
        return owner._withUnsafeGuaranteedRef { container in
            container.registry.isLogging ? nil : container.registry.protectPublishedInstance(for: key)
        }
    }

    /// Resolves by a key already made, with type-erased arguments.
    @usableFromInline
    func resolve<Service>(
        _ key: RegistryKey,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: UnsafeRawPointer
    ) throws(ResolutionError) -> Service {
        if context.isUsableHere {
            return try context.resolve(
                key,
                in: owner.takeUnretainedValue(),
                name: name,
                argumentTypes: argumentTypes,
                arguments: arguments
            )
        }
        let (container, origin) = context.escapedLookup(owner)
        guard let container else {
            throw Failure.make(
                .disposed,
                service: Service.self,
                name: name,
                arguments: argumentTypes,
                path: [Failure.typeName(Service.self)],
                summary:
                    "Cannot resolve \(Failure.describe(service: Service.self, name: name, arguments: argumentTypes)): the container this resolver came from no longer exists.",
                advice: "keep the container alive for as long as objects that resolve from it later."
            )
        }
        return try container.resolveInNewContext(
            key,
            origin: origin,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments
        )
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
