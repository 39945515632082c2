/// A main-actor registration just made, to refine with more types and hooks.
///
/// ```swift
/// container.registerMainActor(scope: .singleton) { _ in NotesViewModel() }
///     .bind(NotesPresenting.self)
///     .then { r, model in model.router = try r.resolve() }
/// ```
///
/// What it is handed runs on the main actor, as the factory does: the converters of `bind`,
/// the `then` hooks and the verification stand-in. Only the `onDispose` hooks run on the
/// thread that disposes (see ``onDispose(_:)``).
public struct MainActorRegistration<Service: Sendable>: Sendable {
    /// The registration, for what needs no isolation.
    let registration: Registration<Service>

    init(_ registration: Registration<Service>) {
        self.registration = registration
    }

    /// Makes the registered instance resolvable as `Other` too, converted on the main actor
    /// by `converter`.
    ///
    /// Resolving `Other` resolves the registration and converts the instance; like the
    /// registration itself, it is resolved synchronously only on the main actor. See
    /// ``Registration/bind(_:file:line:converter:)``.
    @discardableResult
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        converter: @escaping @MainActor @Sendable (Service) throws -> Other
    ) -> MainActorRegistration<Service> {
        registration.bind(type, file: file, line: line) { instance in
            try MainActor.assumeIsolated { try UncheckedResult(converter(instance)) }.value
        }
        return self
    }

    /// Makes the registered instance resolvable as `Other` too, by a dynamic cast: a protocol
    /// it conforms to, or a superclass. See ``Registration/bind(_:file:line:)``.
    @discardableResult
    public func bind<Other>(
        _ type: Other.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> MainActorRegistration<Service> {
        registration.bind(type, file: file, line: line)
        return self
    }

    /// Runs `hook` on the main actor once for every new instance, right after the factory
    /// made it. See ``Registration/then(_:)``.
    @discardableResult
    public func then(_ hook: @escaping @MainActor @Sendable (Resolver, Service) throws -> Void)
        -> MainActorRegistration<Service>
    {
        registration.then { resolver, instance in
            try MainActor.assumeIsolated { try hook(resolver, instance) }
        }
        return self
    }

    /// Runs `hook` when an instance this registration holds leaves its scope. See
    /// ``Registration/onDispose(_:)``.
    ///
    /// The hook runs on the thread that calls ``Container/reset(_:)``, ``Container/dispose()``
    /// or re-registers, which need not be the main thread; to call main-actor methods of the
    /// instance from it, start a `Task { @MainActor in … }`.
    @discardableResult
    public func onDispose(_ hook: @escaping @Sendable (Service) -> Void) -> MainActorRegistration<Service> {
        registration.onDispose(hook)
        return self
    }

    /// Tells ``Container/verify(samples:)`` not to build this registration. See
    /// ``Registration/skipVerification(because:)``.
    @discardableResult
    public func skipVerification(because reason: String) -> MainActorRegistration<Service> {
        registration.skipVerification(because: reason)
        return self
    }

    /// Tells ``Container/verify(samples:)`` to build `standIn`, on the main actor, instead of
    /// this registration's factory. See ``Registration/verify(because:standIn:)``.
    @discardableResult
    public func verify(
        because reason: String,
        standIn: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> MainActorRegistration<Service> {
        registration.verify(because: reason) { resolver in
            try MainActor.assumeIsolated { try standIn(resolver) }
        }
        return self
    }
}

/// A converter's result carried out of `MainActor.assumeIsolated`, which asks for a `Sendable`
/// result because it was written for results that may go elsewhere.
///
/// `@unchecked Sendable`: nothing crosses a thread. `assumeIsolated` runs its closure
/// synchronously on the calling thread, and the value is unwrapped right after, on that thread.
private struct UncheckedResult<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
