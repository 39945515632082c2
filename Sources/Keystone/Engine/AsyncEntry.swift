/// A registration whose factory is `async`: its factory, its hooks, and the instance (or the
/// build in flight) its scope shares.
///
/// It keeps its instance apart from ``Entry``'s, and says ``AnyEntry/isAsync``, so that the
/// synchronous resolve paths never build or return it: they report
/// ``ResolutionError/Kind/asyncOnly`` instead.
///
/// `@unchecked Sendable`: the `let`s are immutable; `instance`, `object` and `asyncBuild` are
/// guarded by `slot.lock`. `Service` is `Sendable` by the registration's requirement.
@usableFromInline
final class AsyncEntry<Service>: AnyEntry, @unchecked Sendable {
    /// The factory; the second parameter is the boxed tuple of the argument types the key names.
    @usableFromInline let factory: ErasedAsyncFactory<Service>
    let afterCreation: [@Sendable (AsyncResolver, Service) async throws -> Void]
    let onDispose: [@Sendable (Service) -> Void]

    // Guarded by `slot.lock`:
    /// The held instance of a `.singleton` or `.cached` registration.
    var instance: Service?
    /// The instance of a `.weak` registration.
    weak var object: AnyObject?
    /// Who builds the shared instance, and who waits for it (the engine's build-once machine,
    /// for waiters that are tasks).
    var asyncBuild = AsyncBuildState()

    init(
        slot: Slot,
        name: Name?,
        scope: Scope,
        argumentTypes: Any.Type,
        location: SourceLocation,
        boundTo: RegistryKey? = nil,
        afterCreation: [@Sendable (AsyncResolver, Service) async throws -> Void] = [],
        onDispose: [@Sendable (Service) -> Void] = [],
        factory: @escaping ErasedAsyncFactory<Service>
    ) {
        self.factory = factory
        self.afterCreation = afterCreation
        self.onDispose = onDispose
        super.init(
            slot: slot,
            name: name,
            scope: scope,
            serviceType: Service.self,
            argumentTypes: argumentTypes,
            location: location,
            boundTo: boundTo,
            hasAfterCreation: !afterCreation.isEmpty,
            verification: .build,
            isAsync: true
        )
    }

    /// A copy with more hooks, which takes over the instance this entry holds. Called with
    /// `slot.lock` held.
    func refined(
        afterCreation hook: (@Sendable (AsyncResolver, Service) async throws -> Void)? = nil,
        onDispose disposeHook: (@Sendable (Service) -> Void)? = nil
    ) -> AsyncEntry<Service> {
        let copy = AsyncEntry(
            slot: slot,
            name: name,
            scope: scope,
            argumentTypes: argumentTypes,
            location: location,
            boundTo: boundTo,
            afterCreation: afterCreation + (hook.map { [$0] } ?? []),
            onDispose: onDispose + (disposeHook.map { [$0] } ?? []),
            factory: factory
        )
        copy.generation = generation
        copy.instance = instance
        copy.object = object
        instance = nil
        return copy
    }

    /// The instance the scope holds now, if any. Called with `slot.lock` held.
    var currentInstance: Service? {
        if let instance { return instance }
        if case .weak = scope.kind, let object { return object as? Service }
        return nil
    }

    override func forgetWeakInstance() {
        object = nil
    }

    override func takeHeldInstance() -> Disposal? {
        guard let held = instance else { return nil }
        instance = nil
        return Disposal(withdrawn: nil, instance: InstanceBox(held), of: self)
    }

    override func dispose(_ box: AnyObject) {
        endLife(
            of: unsafeDowncast(box, to: InstanceBox<Service>.self).value, hooks: onDispose, hasHooks: !onDispose.isEmpty
        )
    }

    override func copy(in slot: Slot, forVerification: Bool) -> AnyEntry {
        AsyncEntry(
            slot: slot,
            name: name,
            scope: scope,
            argumentTypes: argumentTypes,
            location: location,
            boundTo: boundTo,
            afterCreation: afterCreation,
            onDispose: onDispose,
            factory: factory
        )
    }

    override func resolveAsRoot(
        in container: Container, observer: VerificationObserver, requestScope: RequestScope
    ) throws(ResolutionError) {
        throw Failure.asyncOnly(self, path: [])
    }
}

/// An async factory with its arguments boxed, as a registration stores it.
///
/// `nonisolated(nonsending)`: it runs on its caller's executor, so that calling it costs no
/// executor hop on the way in and out; the factory it wraps (the user's closure) still runs
/// where its own isolation says.
@usableFromInline
typealias ErasedAsyncFactory<Service> =
    nonisolated(nonsending) @Sendable (AsyncResolver, ArgumentBox) async throws
    -> Service

/// A built instance, carried out of the branch of an async resolution that built it (a
/// `.graph` instance, to the branches that wait for it). `@unchecked Sendable`: async
/// registrations require their service to be `Sendable`.
@usableFromInline
struct Built<Service>: @unchecked Sendable {
    @usableFromInline let value: Service
    @usableFromInline init(_ value: Service) { self.value = value }
}

/// Runtime arguments, boxed so that they can cross an `await`. `@unchecked Sendable`: the
/// async API requires every argument to be `Sendable`, and the box is immutable.
@usableFromInline
final class ArgumentBox: @unchecked Sendable {
    @usableFromInline let values: Any
    @usableFromInline init(_ values: Any) { self.values = values }

    /// The box of no arguments, shared: a resolve without arguments allocates none.
    @usableFromInline static let none = ArgumentBox(())

    /// `arguments`, boxed; ``none`` when there are none.
    @inlinable
    static func holding<each Argument>(_ arguments: repeat each Argument) -> ArgumentBox {
        (repeat each Argument).self == Void.self ? none : ArgumentBox((repeat each arguments))
    }
}
