/// The optional flavour of an awaited resolve: nil when the service itself is not registered.
extension Container {
    /// Resolves a service that may have an async factory, or returns nil if nothing is
    /// registered for it: ``resolveOptional(_:name:arguments:file:line:)`` for async code.
    ///
    /// ```swift
    /// let tracker: Tracker? = try await container.resolveOptionalAsync()
    /// ```
    ///
    /// Only a missing registration of the requested service itself gives nil (or a disposed
    /// container, which has none). A failure while building it, such as a missing dependency
    /// deeper in the graph, a cycle or a throwing factory, is a broken graph rather than an
    /// absent service: it is thrown, as ``resolveAsync(_:name:arguments:)`` throws it.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's.
    /// - Throws: ``ResolutionError`` for any failure but the service's own missing registration.
    public func resolveOptionalAsync<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service? {
        // As `resolveOptional`: a key that nothing registers is nil before a resolution starts,
        // which would build an error only to drop it.
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        if !_isOptional(Service.self), isRegisteredNowhere(key, topLevel: false) { return nil }
        do {
            // Typed: inferred from the optional return, the service would be `Service?`.
            let found: Service = try await resolveAsync(type, name: name, arguments: repeat each arguments)
            return found
        } catch  where error.isMissingRoot(ofAwaitedPath: 0) {
            return nil
        }
    }
}

extension AsyncResolver {
    /// Resolves a service as part of this resolution, or returns nil if nothing is registered
    /// for it: ``Resolver/resolveOptional(_:name:arguments:)`` for an async factory.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { r in
    ///     try await OrderService(database: r.resolve(), tracker: r.resolveOptional())
    /// }
    /// ```
    ///
    /// Only a missing registration of the service itself gives nil; a failure while building
    /// it (a missing dependency, a cycle, a throwing factory) is thrown.
    ///
    /// - Throws: ``ResolutionError`` with the resolution path, for any failure but the
    ///   service's own missing registration.
    public func resolveOptional<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service? {
        try await inLiveResolution { (resolver) async throws(ResolutionError) -> Service? in
            do throws(ResolutionError) {
                let found: Service = try await resolver.resolve(type, name: name, arguments: repeat each arguments)
                return found
            } catch  where error.isMissingRoot(ofAwaitedPath: resolver.path.count) {
                return nil
            }
        }
    }
}

extension ResolutionError {
    /// Whether this error, from an awaited resolve made with `depth` async registrations
    /// being built around it, says that the service it asked for has no registration (or
    /// that its container was disposed, and so has none). A missing dependency deeper down is
    /// reported with a longer path: a synchronous part of the resolution reports its path
    /// after the awaited one (see ``ResolutionContext/pathSteps``).
    func isMissingRoot(ofAwaitedPath depth: Int) -> Bool {
        (kind == .notRegistered || kind == .disposed) && path.count == depth + 1
    }
}
