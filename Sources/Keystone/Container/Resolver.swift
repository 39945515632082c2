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
        return try withUnsafePointer(to: (repeat each arguments)) { (pointer) throws(ResolutionError) -> Service in
            try resolve(
                key,
                probe: probe,
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

    /// One lookup of `key` in the owner, while the resolution runs on this thread (then the
    /// owner is alive): the registration, or the published instance in an open read section
    /// (see ``Slot``) unless verification observes or a logger reports this resolve. Nil for a
    /// resolver used outside its resolution, which takes the slow path, which checks.
    @usableFromInline
    func probe(for key: RegistryKey) -> Probe? {
        guard context.isUsableHere else { return nil }
        let protect = context.observer == nil
        return owner._withUnsafeGuaranteedRef { container in
            let probe = container.registry.probe(for: key, protect: protect && !container.registry.isLogging)
            // Not registered here: a parent's built singleton, read the same way (a request's
            // factory needing the app's singleton).
            if !probe.hasSlot, protect, container.parent != nil,
                let box = container.protectPublishedByParent(for: key)
            {
                return .published(box)
            }
            return probe
        }
    }

    /// Resolves by a key already made, with type-erased arguments.
    func resolve<Service>(
        _ key: RegistryKey,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: UnsafeRawPointer
    ) throws(ResolutionError) -> Service {
        let probe = probe(for: key)
        // The published instance must be copied out, which ends the probe's read section.
        if let box = probe?.published { return InstanceBox<Service>.copy(box) }
        return try resolve(key, probe: probe, name: name, argumentTypes: argumentTypes, arguments: arguments)
    }

    /// Resolves by a key already made and looked up (`probe`, nil for a resolver used outside
    /// its resolution), with type-erased arguments. Inlined into the caller's specialised code,
    /// so that a nested resolve makes one call fewer.
    @inlinable
    func resolve<Service>(
        _ key: RegistryKey,
        probe: Probe?,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: UnsafeRawPointer
    ) throws(ResolutionError) -> Service {
        if let probe {
            defer { probe.release() }
            return try context.resolve(
                key,
                via: self,
                found: probe,
                name: name,
                argumentTypes: argumentTypes,
                arguments: arguments
            )
        }
        return try resolveEscaped(key, name: name, argumentTypes: argumentTypes, arguments: arguments)
    }

    /// Resolves for a resolver used outside its resolution (stored, or sent to another
    /// thread): a new top-level resolution in the owner, if it still exists. In a function of
    /// its own, so that the frame of a nested resolve (one per level of a graph) holds none of
    /// its temporaries, which a debug build gives stack space each.
    @usableFromInline
    @inline(never)
    func resolveEscaped<Service>(
        _ key: RegistryKey,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: UnsafeRawPointer
    ) throws(ResolutionError) -> Service {
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
        // A resolver kept from a request goes on resolving in that request.
        return try container.resolveInNewContext(
            key,
            origin: origin,
            name: name,
            argumentTypes: argumentTypes,
            arguments: arguments,
            requestScope: context.requestScope
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
