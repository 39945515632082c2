/// Services isolated to the main actor: view models, coordinators, anything UI code owns.
extension Container {
    /// Registers a service that is made on the main actor, such as a `@MainActor` view model.
    ///
    /// ```swift
    /// container.registerMainActor(scope: .singleton) { r in
    ///     NotesViewModel(store: try r.resolve())
    /// }
    ///
    /// // On the main actor (a view, a `@MainActor` function): synchronous, as usual.
    /// let model: NotesViewModel = container.resolve()
    ///
    /// // Anywhere else: `resolveAsync` runs the resolve on the main actor.
    /// let sameModel: NotesViewModel = try await container.resolveAsync()
    /// ```
    ///
    /// The factory is `@MainActor`, so it can call the service's main-actor initialiser with
    /// no `await` and no `assumeIsolated`. (A plain ``register(_:name:scope:file:line:factory:)-(_,_,_,_,_,(Resolver)->Service)``
    /// cannot take it: its factory may run on any thread.)
    ///
    /// Keystone keeps the promise the factory's type makes: the registration is built, and
    /// resolved synchronously, only on the main actor. A synchronous resolve anywhere else, or
    /// a synchronous factory that depends on the service and runs there, fails with
    /// ``ResolutionError/Kind/mainActorOnly`` instead of running main-actor code off the main
    /// actor. ``resolveAsync(_:name:arguments:)`` and an ``AsyncResolver`` resolve it from
    /// anywhere: they run the synchronous resolve on the main actor.
    ///
    /// The service must be `Sendable`, as a `@MainActor` class is: it is handed from the main
    /// actor to whoever asked. The arguments must be `Sendable` too, because the resolve may
    /// carry them to the main actor.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the factory when omitted.
    ///   - name: Tells apart registrations of the same type.
    ///   - scope: How long an instance lives; the container's ``defaultScope`` when omitted.
    ///   - file: Where the registration is made; diagnostics name it. Leave the default.
    ///   - line: Where the registration is made; diagnostics name it. Leave the default.
    ///   - factory: Builds an instance, on the main actor.
    /// - Returns: The registration, to chain `bind`, `then` and `onDispose` on.
    @discardableResult
    public func registerMainActor<Service: Sendable, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        scope: Scope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (Resolver, repeat each Argument) throws -> Service
    ) -> MainActorRegistration<Service> {
        MainActorContext.prepare()
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        let registration = register(key) { slot in
            Entry<Service>(
                slot: slot,
                name: name,
                scope: scope ?? defaultScope,
                argumentTypes: (repeat each Argument).self,
                location: SourceLocation(file: file, line: line),
                isMainActor: true,
                building: .erased { resolver, arguments in
                    let values = arguments.values(as: (repeat each Argument).self)
                    // The resolution checked that it runs on the main actor before calling (see
                    // `AnyEntry.isMainActor`), so this never traps; it is what lets the
                    // `@MainActor` factory be called synchronously.
                    return try MainActor.assumeIsolated { try factory(resolver, repeat each values) }
                })
        }
        return MainActorRegistration(registration)
    }

    /// Resolves a synchronous registration for async code: in place, or on the main actor
    /// when it is a main-actor registration or depends on one.
    ///
    /// A registration that is not main-actor itself is tried in place first, because most
    /// are; if the resolve reaches a main-actor registration off the main actor, it is run
    /// again on the main actor. (What the first try built and its scope keeps is reused.)
    ///
    /// The synchronous resolution runs in the awaited one of `awaited`, the resolver of the
    /// factory that asked: it takes that resolution's `.graph` instances, gives it those it
    /// builds, and reports a failure with the awaited path before its own.
    func resolveSynchronously<Service, each Argument: Sendable>(
        _ key: RegistryKey,
        onMainActor: Bool,
        by awaited: AsyncResolver,
        name: Name?,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        if !onMainActor || MainActorContext.isCurrent {
            do {
                return try resolveHere(key, by: awaited, name: name, arguments: repeat each arguments)
            } catch  where error.kind == .mainActorOnly {
                // Reached a main-actor registration off the main actor: go there.
            }
        }
        return try await resolveOnMainActor(key, by: awaited, name: name, arguments: repeat each arguments).value
    }

    /// Runs a synchronous resolve on the main actor.
    @MainActor
    private func resolveOnMainActor<Service, each Argument: Sendable>(
        _ key: RegistryKey,
        by awaited: AsyncResolver,
        name: Name?,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> ResolvedOnMainActor<Service> {
        ResolvedOnMainActor(value: try resolveHere(key, by: awaited, name: name, arguments: repeat each arguments))
    }

    /// Resolves `key` in a synchronous resolution of its own, in the awaited one of
    /// `awaited`, on the calling thread. A failure is not reported here: the awaited resolve that asked reports it.
    private func resolveHere<Service, each Argument>(
        _ key: RegistryKey,
        by awaited: AsyncResolver,
        name: Name?,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try PackedArguments.with(repeat each arguments) { (packed) throws(ResolutionError) -> Service in
            try resolveInNewContext(
                key,
                origin: nil,
                name: name,
                argumentTypes: (repeat each Argument).self,
                arguments: packed,
                awaited: awaited,
                reportsFailure: false
            )
        }
    }
}

/// A service resolved on the main actor, on its way to the caller that awaited it.
///
/// `@unchecked Sendable`: the value is immutable and crosses once, from the main actor to the
/// awaiting caller, in the order the actor hop gives. Handing it over is what a synchronous
/// resolve does for a caller on any thread: a main-actor service is `Sendable` (as
/// `registerMainActor` requires), and a service that only depends on one follows the
/// container's rule for every synchronous service (see the Concurrency article).
struct ResolvedOnMainActor<Service>: @unchecked Sendable {
    let value: Service
}
