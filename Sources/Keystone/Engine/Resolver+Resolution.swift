/// A factory's nested resolves, as the engine runs them: one lookup in the owner (the
/// published instance, or the registration), then the resolution in progress, or a new one
/// for a resolver used after its resolution ended.
extension Resolver {
    /// One lookup of `key` in the owner, while the resolution runs on this thread (then the
    /// owner is alive): the registration, borrowed (it outlives the resolution: see
    /// ``RetiredEntries``), or the published instance in an open read section (see ``Slot``)
    /// unless verification observes or a logger reports this resolve. Nil for a resolver used
    /// outside its resolution, which takes the slow path, which checks.
    @usableFromInline
    func probe(for key: RegistryKey) -> Probe? {
        guard context.isUsableHere else { return nil }
        let protect = context.observer == nil
        return owner._withUnsafeGuaranteedRef { container in
            let probe = container.registry.probeInResolution(
                for: key, protect: protect && !container.registry.isLogging)
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
    @usableFromInline
    func resolve<Service>(
        _ key: RegistryKey,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        let probe = probe(for: key)
        // The published instance must be copied out, which ends the probe's read section.
        if let box = probe?.published { return InstanceBox<Service>.copy(box) }
        return try resolve(key, probe: probe, name: name, argumentTypes: argumentTypes, arguments: arguments)
    }

    /// Resolves by a key already made and looked up (`probe`, from ``probe(for:)``: nil for a
    /// resolver used outside its resolution), with type-erased arguments. Inlined into the
    /// caller's specialised code, so that a nested resolve makes one call fewer.
    @inlinable
    func resolve<Service>(
        _ key: RegistryKey,
        probe: Probe?,
        name: Name?,
        argumentTypes: Any.Type,
        arguments: PackedArguments
    ) throws(ResolutionError) -> Service {
        if let probe {
            // The registration found: the short call, without the key's name and argument
            // types, which only a lookup elsewhere and its failure need.
            if let entry = probe.entry { return try context.resolve(found: entry, via: self, arguments: arguments) }
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
        arguments: PackedArguments
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
