/// The three ways to resolve from a container: trap, throw, or return nil.
extension Container {
    /// Resolves a service, trapping with the full diagnostic if it cannot be built.
    ///
    /// Use it where a missing registration is a programming error, such as a composition
    /// root. The trap message is the ``ResolutionError`` that ``tryResolve(_:name:arguments:)``
    /// would throw.
    ///
    /// ```swift
    /// let api: APIClient = container.resolve()
    /// let audit = container.resolve(Logger.self, name: "audit")
    /// let viewModel: DetailViewModel = container.resolve(arguments: game, 2)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's in number, order
    ///     and type.
    ///   - file: The file of the call, which a trap names. Leave the default.
    ///   - line: The line of the call, which a trap names. Leave the default.
    @inlinable
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Service {
        do {
            return try tryResolve(type, name: name, arguments: repeat each arguments)
        } catch {
            error.trap(file: file, line: line)
        }
    }

    /// Resolves a service, throwing a ``ResolutionError`` if it cannot be built.
    ///
    /// - Throws: ``ResolutionError`` naming the service, the path that led to the failure,
    ///   the near misses and a fix.
    @inlinable
    public func tryResolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        // A held instance that is already built: one lock-free lookup, no allocation. (With a
        // logger, the slow path, which reports the resolve.) Otherwise the slot found goes on,
        // so that the key is looked up once.
        let probe = registry.probeForResolve(key)
        if let box = probe.published { return InstanceBox<Service>.copy(box) }
        // A parent's built singleton, for a child that does not register the key.
        if parent != nil, !probe.hasSlot, let box = protectPublishedByParent(for: key) {
            return InstanceBox<Service>.copy(box)
        }
        return try resolveUncached(key, found: probe, name: name, arguments: repeat each arguments)
    }

    /// ``resolveUncached(_:found:name:argumentTypes:arguments:requestScope:)`` with the
    /// arguments as the caller passed them.
    @inlinable
    @inline(__always)
    func resolveUncached<Service, each Argument>(
        _ key: RegistryKey,
        found probe: Probe,
        name: Name?,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try PackedArguments.with(repeat each arguments) { (packed) throws(ResolutionError) -> Service in
            try resolveUncached(
                key,
                found: probe,
                name: name,
                argumentTypes: (repeat each Argument).self,
                arguments: packed
            )
        }
    }

    /// Resolves a service, or returns nil if nothing is registered for it (KOInject's
    /// behaviour).
    ///
    /// Only a missing registration of the requested service itself gives nil. A failure
    /// while building it, such as a missing dependency deeper in the graph, a cycle or a
    /// throwing factory, is a broken graph rather than an absent service: it traps like
    /// ``resolve(_:name:arguments:file:line:)``, so that it is never mistaken for "not registered".
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's.
    ///   - file: The file of the call, which a trap names. Leave the default.
    ///   - line: The line of the call, which a trap names. Leave the default.
    @inlinable
    public func resolveOptional<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Service? {
        // A key that nothing registers is answered nil before a resolution starts: the error
        // a failed resolve builds (its message names every type on the path) costs far more
        // than the lookup, only to be dropped here.
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        let probe = registry.probeForResolve(key)
        if let box = probe.published { return InstanceBox<Service>.copy(box) }
        if !probe.hasSlot {
            if !_isOptional(Service.self), isRegisteredNowhere(key, topLevel: true) { return nil }
            // A parent's built singleton, as `tryResolve` reads it.
            if parent != nil, let box = protectPublishedByParent(for: key) { return InstanceBox<Service>.copy(box) }
        }
        do {
            // The lookup goes on, as in `tryResolve`, rather than being made again. Typed:
            // inferred from the optional return, the service would be `Service?`.
            let found: Service = try resolveUncached(key, found: probe, name: name, arguments: repeat each arguments)
            return found
        } catch  where error.isMissingRoot(depth: 0) {
            return nil
        } catch {
            error.trap(file: file, line: line)
        }
    }
}
