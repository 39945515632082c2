import KeystoneRules

/// Where a registration was made, captured by `register` for diagnostics.
@usableFromInline
struct SourceLocation: Sendable, CustomStringConvertible {
    let file: StaticString
    let line: UInt

    @usableFromInline
    init(file: StaticString, line: UInt) {
        self.file = file
        self.line = line
    }

    @usableFromInline var description: String { "\(file):\(line)" }
}

/// A registration with its types erased: what diagnostics, disposal and the build
/// coordination need without knowing the service type.
///
/// `@unchecked Sendable`: the immutable `let`s are set in `init`; `build` is guarded by the
/// owner container's build lock and `asyncWaitingFor` by the wait-for graph's lock (see
/// ``BuildCoordinator``); the subclass's mutable state is guarded by `slot.lock`.
@usableFromInline
class AnyEntry: @unchecked Sendable {
    let slot: Slot
    let name: Name?
    let scope: Scope
    /// Who keeps what this registration builds (its scope's ``Holding``): what the engine acts
    /// on, read from the scope, which keeps it.
    var holding: Holding { scope.holding }
    let serviceType: Any.Type
    let argumentTypes: Any.Type
    let location: SourceLocation
    /// For a type bound with `Registration.bind`, the key of the registration it converts.
    let boundTo: RegistryKey?
    /// Whether the scope keeps the instance (`.singleton` and `.cached`) and a synchronous
    /// resolution builds it (not an async registration); stored because the resolve fast path
    /// asks.
    let holdsInstance: Bool
    /// Whether the scope is `.transient`, and whether there are after-creation hooks; stored
    /// so that making an instance asks neither the scope nor the generic hook array.
    @usableFromInline let isTransient: Bool
    let hasAfterCreation: Bool
    /// Whether one instance is shared beyond a resolution (`.singleton`, `.cached`, `.weak`,
    /// `.request`).
    let isShared: Bool
    /// Whether the scope is `.request`: shared within a ``RequestScope``, held by it.
    let isRequestScoped: Bool
    /// Whether this declares a request value (``Container/registerRequestValue(_:file:line:)``):
    /// its factory reads the value the request scope began with, which the scope neither keeps
    /// nor disposes (it is the caller's).
    let isRequestValue: Bool
    /// Whether this is a `.request` or `.weak` registration of a class type: its instance is
    /// kept as the object itself, and read back with no cast (a request scope keeps it with no
    /// box, `Entry.requestStored`; a `.weak` reference's object is the instance, where a cast
    /// back to `Service` asked the runtime for about 450 instructions on every resolve). Asked
    /// only of those two scopes, so that registering the others costs nothing more.
    let keepsObjectItself: Bool
    /// Whether this is a `.request` registration of a class that is not ``Disposable``: as a
    /// request ends, an instance of exactly that class (not a subclass) needs no check. Asked
    /// only of `.request` registrations (a look-up of the conformance, once).
    let isPlainRequestClass: Bool
    /// Whether this is a registration with an async factory (`Entry.asyncParts`), which only
    /// ``Container/resolveAsync(_:name:arguments:)`` and an ``AsyncResolver`` can build. Its
    /// held instance is published for awaited reads only (``Slot/Readers/awaited``), so the
    /// synchronous paths never read it; they report ``ResolutionError/Kind/asyncOnly``.
    let isAsync: Bool
    /// Whether the registration was made with ``Container/registerMainActor(_:name:scope:file:line:factory:)``:
    /// it is built, and resolved synchronously, only on the main actor. A held instance is
    /// published for the main actor only (``Slot/mainActorTag``), so that every synchronous
    /// resolve from elsewhere reaches the check in the resolution.
    let isMainActor: Bool
    /// Whether a synchronous resolve must check this entry first (`isAsync || isMainActor`):
    /// one flag, so that the usual entry costs one test.
    let needsSynchronousCheck: Bool
    /// The shorter path a resolution takes for this entry, if any: one field, so that telling
    /// the paths apart costs one load.
    let path: Path
    /// What building an entry takes, for the resolution's shorter paths.
    enum Path: UInt8 {
        /// Every step: the scope, the hooks, the checks.
        case full
        /// Only the factory: `.transient`, no `then` hooks, no synchronous-resolve check (see
        /// `ResolutionContext.makePlain`).
        case plain
        /// Only its request scope's claim, the factory and the store: `.request`, not a
        /// request value, no `then` hooks, no synchronous-resolve check (see
        /// `ResolutionContext.resolveInRequest`).
        case plainInRequest
        /// Only the resolution's record of its instance, the factory and the record: `.graph`
        /// (the default scope), no `then` hooks, no synchronous-resolve check (see
        /// `ResolutionContext.resolveInGraph`).
        case plainGraph
    }
    /// What ``Container/verify(samples:)`` does with this registration.
    let verification: VerificationMode

    /// Which registration of its slot this is (the slot's install count when it was
    /// installed). A refinement (`then`, `onDispose`, …) replaces the entry with a copy of the
    /// same generation, so a ``Registration`` handle recognises its own registration, and
    /// never touches one that a later `register` of the key put in its place. Guarded by
    /// `slot.lock` until installed; fixed after.
    var generation: UInt = 0

    /// Whether this is a binding made by `bind(_:)` (a cast) whose resolve is answered from the
    /// held instance of the registration it is bound to, published in this entry's slot (see
    /// ``Slot/publishConversion(_:in:)``). Set before the entry is installed; fixed after.
    var publishesConversion = false

    /// Who builds this entry's shared instance synchronously right now, and how many wait for
    /// it. Guarded by the owner container's build lock; while it has waiters, it is changed
    /// under ``BuildCoordinator/waitGraph`` as well (see ``BuildCoordinator``).
    /// `final`, so that the wait-graph walk reads `build.builder` directly, with no accessor.
    final var build = BuildState<ResolutionContext>()

    /// For an async shared registration whose build awaits another build in flight: the
    /// registration whose build it awaits (its edge in the wait-for graph, see
    /// ``BuildCoordinator/beginWaiting(on:for:)``). Guarded by ``BuildCoordinator/waitGraph``.
    final var asyncWaitingFor: AnyEntry?

    @usableFromInline
    init(
        slot: Slot,
        name: Name?,
        scope: Scope,
        serviceType: Any.Type,
        argumentTypes: Any.Type,
        location: SourceLocation,
        boundTo: RegistryKey?,
        hasAfterCreation: Bool,
        verification: VerificationMode = .build,
        isAsync: Bool = false,
        isMainActor: Bool = false,
        isRequestValue: Bool = false
    ) {
        self.slot = slot
        self.name = name
        self.scope = scope
        self.serviceType = serviceType
        self.argumentTypes = argumentTypes
        self.location = location
        self.boundTo = boundTo
        // One switch on the holding, which the scope keeps.
        let holding = scope.holding
        let isHeld: Bool
        var isWeak = false
        switch holding {
        case .nobody:
            (isHeld, isTransient, isRequestScoped, isShared) = (false, true, false, false)
        case .resolution:
            (isHeld, isTransient, isRequestScoped, isShared) = (false, false, false, false)
        case .containerWeakly:
            (isHeld, isTransient, isRequestScoped, isShared) = (false, false, false, true)
            isWeak = true
        case .container:
            (isHeld, isTransient, isRequestScoped, isShared) = (true, false, false, true)
        case .requestScope:
            (isHeld, isTransient, isRequestScoped, isShared) = (false, false, true, true)
        }
        self.holdsInstance = isHeld && !isAsync
        self.keepsObjectItself = (isRequestScoped || isWeak) && serviceType is AnyClass
        self.isPlainRequestClass = isRequestScoped && keepsObjectItself && !(serviceType is any Disposable.Type)
        self.isRequestValue = isRequestValue
        self.hasAfterCreation = hasAfterCreation
        self.isAsync = isAsync
        self.isMainActor = isMainActor
        self.needsSynchronousCheck = isAsync || isMainActor
        if isTransient && !hasAfterCreation && !needsSynchronousCheck {
            self.path = .plain
        } else if isRequestScoped && !isRequestValue && !hasAfterCreation && !needsSynchronousCheck {
            self.path = .plainInRequest
        } else if holding == .resolution && !hasAfterCreation && !needsSynchronousCheck {
            self.path = .plainGraph
        } else {
            self.path = .full
        }
        self.verification = verification
    }

    var key: RegistryKey { slot.key }

    /// Whether the scope keeps the instance it builds (`.singleton`, `.cached`), async or not:
    /// the registrations whose instance a type bound to them by a cast can be answered from.
    var keepsInstance: Bool { holding == .container }

    /// Removes the instance this entry holds and returns the work that disposes it, or nil
    /// if it holds nothing. Called with `slot.lock` held; the returned work runs after every
    /// lock is released.
    func takeHeldInstance() -> Disposal? { withdrawPublishedConversion() }

    /// For a binding answered from its target's held instance: withdraws the box published in
    /// this entry's slot, and returns the work that retires it. Called with `slot.lock` held.
    final func withdrawPublishedConversion() -> Disposal? {
        guard publishesConversion, let box = slot.unpublish() else { return nil }
        return Disposal(withdrawn: box)
    }

    /// Ends the life of the instance in `box` (an `InstanceBox` of this entry's service type,
    /// which ``takeHeldInstance()`` took): ``Disposable/dispose()`` if it is one, then the
    /// registration's `onDispose` hooks, in order. Run by ``Disposal/run()``, with no lock held.
    func dispose(_ box: AnyObject) {}

    /// Ends the life of an instance of a `.request` registration, as a request scope keeps it
    /// (see `Entry.requestStored`), which it does on every request: without asking the runtime
    /// again whether a class it has met is ``Disposable``. Run with no lock held.
    func disposeInRequest(_ stored: AnyObject) {}

    /// The instance this entry holds now, if it is an object (to compare identities). Called
    /// with `slot.lock` held.
    func heldObject() -> AnyObject? { nil }

    /// Forgets a `.weak` instance (without disposing it: the container never owned it).
    /// Called with `slot.lock` held.
    func forgetWeakInstance() {}

    /// Lets go of the held instance without disposing it: for a container that goes without
    /// `dispose()`, whose instances go with it, as they would with their registrations.
    func forgetHeldInstance() {}

    /// A copy of this registration in `slot` of another container, holding no instance. For
    /// verification, its factory is the stand-in (or the refusal) that the registration asks
    /// for; otherwise it is the registration's own factory.
    func copy(in slot: Slot, forVerification: Bool) -> AnyEntry { fatalError("overridden by Entry") }

    /// Resolves this registration, which takes no arguments, as the root of a resolution in
    /// `container`, reporting what it resolves to `observer`.
    func resolveAsRoot(
        in container: Container, observer: VerificationObserver, requestScope: RequestScope
    ) throws(ResolutionError) {
        fatalError("overridden by Entry")
    }
}

/// What verification does with a registration: build it, refuse to build it, or build a
/// stand-in instead.
@usableFromInline
enum VerificationMode: Sendable {
    case build
    case skip(reason: String)
    case standIn(reason: String)
}

/// What a skipped registration's copy throws, so that what depends on it is reported as not
/// checked rather than as a failure.
struct VerificationSkipped: Error, CustomStringConvertible {
    let service: String
    let reason: String

    var description: String { "`\(service)` is not built during verification (\(reason))" }
}

/// The runtime arguments of one resolve, as the engine carries them from the caller to the
/// factory: the address of a tuple of the caller's arguments, on the caller's stack.
///
/// Made only by ``with(_:do:)``, around the resolve, so it is valid for as long as the engine
/// uses it; read only by an erased factory (``EntryFactory/erased(_:)``), with the argument
/// types its registration named (``values(as:)``). The resolve found that factory under the
/// key of the caller's argument types, which names the same types: that match is what makes
/// the read's type right. No other code reads or keeps the address.
@usableFromInline
struct PackedArguments {
    @usableFromInline let address: UnsafeRawPointer

    @inlinable
    @inline(__always)
    init(address: UnsafeRawPointer) {
        self.address = address
    }

    /// Runs `body` with `values` packed: the arguments of a resolve.
    @inlinable
    @inline(__always)
    static func with<each Argument, Result, Failure: Error>(
        _ values: repeat each Argument,
        do body: (PackedArguments) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if (repeat each Argument).self == Void.self { return try body(PackedArguments(address: Self.nothing)) }
        return try withUnsafePointer(to: (repeat each values)) { (pointer) throws(Failure) -> Result in
            try body(PackedArguments(address: pointer))
        }
    }

    /// The address of no arguments: never read (an empty tuple takes no memory), and not on
    /// the caller's stack, so that a resolve without arguments takes no local's address.
    @inlinable
    static var nothing: UnsafeRawPointer {
        @inline(__always) get { .init(bitPattern: MemoryLayout<Int>.alignment)! }
    }

    /// The arguments, as the types the key they were resolved under names.
    @inlinable
    @inline(__always)
    func values<each Argument>(as types: (repeat each Argument).Type) -> (repeat each Argument) {
        address.assumingMemoryBound(to: (repeat each Argument).self).pointee
    }
}

/// How an entry builds an instance: the factory its registration gave, called with the
/// resolution's resolver and, for a registration with runtime arguments, those arguments.
@usableFromInline
enum EntryFactory<Service>: Sendable {
    /// A factory that takes the resolver alone, kept as the registration gave it: a build
    /// calls it directly, and a registration whose factory has a context (it captures values,
    /// or it was made in code not specialised for `Service`) allocates no closure around it.
    case plain(@Sendable (Resolver) throws -> Service)
    /// A factory with its arguments erased: they are a tuple of the argument types the entry's
    /// key names (see ``PackedArguments``), so only a caller that matched the key can call it.
    case erased(@Sendable (Resolver, PackedArguments) throws -> Service)

    /// Builds an instance; `arguments` is read only by an ``erased(_:)`` factory.
    @inlinable
    @inline(__always)
    func callAsFunction(_ resolver: Resolver, _ arguments: PackedArguments) throws -> Service {
        switch self {
        case .plain(let build): return try build(resolver)
        case .erased(let build): return try build(resolver, arguments)
        }
    }
}

/// A registration of `Service`: its factory, its hooks and the instance its scope holds.
///
/// One type for every registration, synchronous or async: an async registration (made with
/// an `async` factory) has ``asyncParts`` and says ``AnyEntry/isAsync``; it keeps its
/// instance as a synchronous one does, and is built by the async resolution alone.
@usableFromInline
final class Entry<Service>: AnyEntry, @unchecked Sendable {
    /// The factory. For an async registration, ``neverSynchronously(_:_:)``: every
    /// synchronous resolve checks ``AnyEntry/isAsync`` before it builds.
    @usableFromInline let factory: EntryFactory<Service>

    /// What only an async registration has (its factory and its build in flight); nil for a
    /// synchronous one. An object of its own, so that every other registration stores one
    /// empty reference for it: made and destroyed in every entry by the engine's code, which
    /// is not specialised for `Service`, the fields themselves cost each registration about 25
    /// instructions, and about 70 through a generic helper (`register1k`,
    /// `register1k-generic`). The price: an awaited call of the factory, read through this
    /// object, retains and releases its context (about 40 instructions).
    @usableFromInline let asyncParts: AsyncParts<Service>?

    /// The registration's `then` and `onDispose` hooks; nil when it has none, as most have.
    /// Immutable, so that building reads them without a lock: adding a hook replaces the entry
    /// (see ``refined(afterCreation:onDispose:verification:standIn:)``).
    @usableFromInline let hooks: EntryHooks<Service>?
    /// `InstanceBox<Service>`, taken where the entry is made, in code specialised for
    /// `Service` when the register call is: the box for a held instance is made from it
    /// (``makeBox(_:)``), because this unspecialised code would otherwise look the box type's
    /// metadata up in the runtime's cache of generic types (about 360 instructions) at every
    /// first build. Nil for `.transient` and `.graph`, which keep nothing in a box, so that a
    /// registration made where `Service` is not known (a generic helper) does not look it up.
    @usableFromInline let boxType: InstanceBox<Service>.Type?

    // Guarded by `slot.lock`, which already excludes overlapping accesses: the dynamic
    // exclusivity check (a thread-local lookup on every access) is turned off for them.
    /// The held instance of a `.singleton` or `.cached` registration, in the box that the slot
    /// publishes for the lock-free read while it is set (see ``Slot``). A box rather than a
    /// `Service?`: this code is not specialised for `Service`, so every `Service?` it touches,
    /// down to the one `deinit` destroys, asks the runtime for the metadata of
    /// `Optional<Service>` (a lookup of about 450 instructions), where an optional reference
    /// asks for nothing. The slot publishes this same box, so holding an instance allocates
    /// what publishing it did before: one box.
    @exclusivity(unchecked) @usableFromInline var held: InstanceBox<Service>?
    /// The instance of a `.weak` registration.
    @exclusivity(unchecked) @usableFromInline weak var object: AnyObject?
    /// The class of an instance of this `.request` registration found not to be
    /// ``Disposable``, so that ending each request asks the runtime for the conformance once,
    /// not on every request (a lookup of about 600 instructions). Guarded by `slot.lock` too,
    /// but checked for exclusivity: it is read only past ``disposeInRequest(_:)``'s shortcut,
    /// where the check costs nothing the benchmarks see.
    private var plainClass: ObjectIdentifier?
    /// For an async shared registration: who builds its instance, and the tasks that wait for
    /// it (the engine's build-once machine, for waiters that are tasks). Guarded by
    /// `slot.lock`. Only for an async registration.
    var asyncBuild: AsyncBuildState {
        get { asyncParts!.build }
        _modify { yield &asyncParts!.build }
    }

    /// What a request scope keeps of `value`, an instance of this `.request` registration, with
    /// a reference of its own: the object itself for a class, a box otherwise.
    @inline(__always)
    func requestStored(_ value: Service) -> Unmanaged<AnyObject> {
        guard keepsObjectItself else { return .passRetained(makeBox(value)) }
        // `Service` is a class: `value` is one strong reference. Its bits are read and retained
        // once (a copy of `value` in this unspecialised code goes through its type's value
        // witnesses, which cost more than the retain itself).
        return unsafeBitCast(value, to: Unmanaged<AnyObject>.self).retain()
    }

    /// The instance that ``requestStored(_:)`` made `stored` of, taking over the reference
    /// `stored` comes with.
    @inline(__always)
    func requestInstance(taking stored: Unmanaged<AnyObject>) -> Service {
        guard keepsObjectItself else {
            return unsafeDowncast(stored.takeRetainedValue(), to: InstanceBox<Service>.self).value
        }
        // `Service` is a class: the reference is moved into the result as it is, with no
        // retain and release (the layout of a class reference is one pointer).
        var object = stored.toOpaque()
        return Self.move(from: &object)
    }

    /// Moves the `Service` out of `word`, a class reference, as it is (no closure: in this
    /// unspecialised code the `withUnsafe…` functions' closures are real calls).
    @inline(__always)
    private static func move(from word: UnsafeMutableRawPointer) -> Service {
        word.bindMemory(to: Service.self, capacity: 1).move()
    }

    /// `object` as the instance it is, for a registration that keeps its instances as the
    /// objects themselves (``AnyEntry/keepsObjectItself``): reinterpreted, not cast, since
    /// `Service` is then the object's class or one it inherits from.
    @inline(__always)
    func instance(itself object: AnyObject) -> Service {
        unsafeBitCast(object, to: Service.self)
    }

    /// What verification builds instead of calling `factory`, for
    /// ``VerificationMode/standIn(reason:)``.
    @usableFromInline let standIn: EntryFactory<Service>?

    @inlinable
    init(
        slot: Slot,
        name: Name?,
        scope: Scope,
        argumentTypes: Any.Type,
        location: SourceLocation,
        boundTo: RegistryKey? = nil,
        hooks: EntryHooks<Service>? = nil,
        isMainActor: Bool = false,
        isRequestValue: Bool = false,
        building factory: consuming EntryFactory<Service>
    ) {
        // Moved, not copied: in code not specialised for `Service` (a generic helper that
        // registers), a copy retained the factory's context and the parameter's end released
        // it, an atomic pair per registration.
        self.factory = consume factory
        self.asyncParts = nil
        self.hooks = hooks
        self.boxType = scope.keepsInstances ? InstanceBox<Service>.self : nil
        self.standIn = nil
        super.init(
            slot: slot,
            name: name,
            scope: scope,
            serviceType: Service.self,
            argumentTypes: argumentTypes,
            location: location,
            boundTo: boundTo,
            hasAfterCreation: hooks?.hasAfterCreation ?? false,
            isMainActor: isMainActor,
            isRequestValue: isRequestValue
        )
    }

    /// An async registration: `asyncFactory` (kept in ``asyncParts``) builds its instances,
    /// in an async resolution.
    init(
        slot: Slot,
        name: Name?,
        scope: Scope,
        argumentTypes: Any.Type,
        location: SourceLocation,
        boundTo: RegistryKey? = nil,
        asyncFactory: @escaping ErasedAsyncFactory<Service>
    ) {
        self.factory = .erased(Self.neverSynchronously)
        self.asyncParts = AsyncParts(asyncFactory)
        self.hooks = nil
        self.boxType = scope.keepsInstances ? InstanceBox<Service>.self : nil
        self.standIn = nil
        super.init(
            slot: slot,
            name: name,
            scope: scope,
            serviceType: Service.self,
            argumentTypes: argumentTypes,
            location: location,
            boundTo: boundTo,
            hasAfterCreation: false,
            isAsync: true
        )
    }

    /// The synchronous factory of an async registration, which nothing calls: the synchronous
    /// resolution reports ``ResolutionError/Kind/asyncOnly`` for such an entry before it builds.
    private static func neverSynchronously(_: Resolver, _: PackedArguments) throws -> Service {
        preconditionFailure("an async registration was built by a synchronous resolution")
    }

    /// A registration like `other` in `slot`, with the given hooks, verification mode and
    /// factories: how refinements and copies are made (never on the register fast path).
    init(
        like other: Entry<Service>,
        slot: Slot,
        hooks: EntryHooks<Service>?,
        verification: VerificationMode,
        standIn: EntryFactory<Service>?,
        factory: EntryFactory<Service>
    ) {
        self.factory = factory
        // A build state of its own: a refined copy or another container's starts with no
        // build in flight.
        self.asyncParts = other.asyncParts.map { AsyncParts($0.call) }
        self.hooks = hooks
        self.boxType = other.boxType
        self.standIn = standIn
        super.init(
            slot: slot,
            name: other.name,
            scope: other.scope,
            serviceType: Service.self,
            argumentTypes: other.argumentTypes,
            location: other.location,
            boundTo: other.boundTo,
            hasAfterCreation: hooks?.hasAfterCreation ?? false,
            verification: verification,
            isAsync: other.isAsync,
            isMainActor: other.isMainActor,
            isRequestValue: other.isRequestValue
        )
        publishesConversion = other.publishesConversion
    }

    /// A copy with more hooks or another verification mode, which takes over the instance
    /// this entry holds (the slot keeps publishing it). Called with `slot.lock` held.
    func refined(
        afterCreation hook: (@Sendable (Resolver, Service) throws -> Void)? = nil,
        asyncAfterCreation asyncHook: (@Sendable (AsyncResolver, Service) async throws -> Void)? = nil,
        onDispose disposeHook: (@Sendable (Service) -> Void)? = nil,
        verification newMode: VerificationMode? = nil,
        standIn newStandIn: EntryFactory<Service>? = nil
    ) -> Entry<Service> {
        let copy = Entry(
            like: self,
            slot: slot,
            hooks: EntryHooks.adding(
                afterCreation: hook, asyncAfterCreation: asyncHook, onDispose: disposeHook, to: hooks),
            verification: newMode ?? verification,
            standIn: newMode == nil ? standIn : newStandIn,
            factory: factory
        )
        copy.generation = generation
        copy.held = held
        copy.object = object
        held = nil
        return copy
    }

    override func copy(in slot: Slot, forVerification: Bool) -> AnyEntry {
        let build: EntryFactory<Service>
        switch verification {
        case _ where !forVerification, .build:
            build = factory
        case .standIn:
            build = standIn ?? factory
        case .skip(let reason):
            let service = Failure.typeName(Service.self)
            build = .plain { _ in throw VerificationSkipped(service: service, reason: reason) }
        }
        return Entry(
            like: self,
            slot: slot,
            hooks: hooks,
            verification: verification,
            standIn: standIn,
            factory: build
        )
    }

    override func resolveAsRoot(
        in container: Container, observer: VerificationObserver, requestScope: RequestScope
    ) throws(ResolutionError) {
        let _: Service = try PackedArguments.with { (packed) throws(ResolutionError) -> Service in
            try container.resolveInNewContext(
                key,
                origin: nil,
                name: name,
                argumentTypes: argumentTypes,
                arguments: packed,
                observer: observer,
                requestScope: requestScope
            )
        }
    }

    /// The instance the scope holds now, if any, boxed (a `.weak` instance in a box of its
    /// own). Called with `slot.lock` held. (`is`, then `as!`, rather than `as?`: a `Service?`
    /// here would make the callers ask the runtime for `Optional<Service>`'s metadata.)
    @inline(__always)
    var currentInstance: InstanceBox<Service>? {
        if let held { return held }
        guard holding == .containerWeakly, let object else { return nil }
        if keepsObjectItself { return makeBox(instance(itself: object)) }
        return object is Service ? makeBox(object as! Service) : nil
    }

    /// A box holding `value`, made from ``boxType``.
    @inline(__always)
    func makeBox(_ value: Service) -> InstanceBox<Service> {
        (boxType ?? InstanceBox<Service>.self).init(value)
    }

    /// Keeps `value`, which a resolve of this shared entry (`.singleton`, `.cached`, `.weak`)
    /// just built, as the scope says: a held instance boxed, and published for `readers`; a
    /// `.weak` one as `weakObject` (nil when the factory gave an optional's nil). The one store
    /// step of both resolutions, synchronous and awaited. Called with `owner`'s lock held,
    /// which orders it with `register`, `reset` and `dispose`; takes the slot lock.
    ///
    /// A disposed container keeps nothing: the caller gets the instance, and it is theirs. A
    /// registration replaced (or unloaded) while the build ran keeps it too, but not in the
    /// slot, which is the new registration's: nothing is published or listed for disposal, and
    /// the instance stays with this entry for the resolves that waited for this build or still
    /// hold the entry, which get it instead of running the replaced factory again, each for an
    /// instance of its own. It goes with the entry, once the last of them lets it go.
    ///
    /// - Returns: The retirement of a box the slot published before (never, in practice: see
    ///   `Slot.publish`), for the caller to run once it holds no slot lock.
    func keepBuilt(
        _ value: Service,
        weakObject: AnyObject?,
        for readers: Slot.Readers,
        in owner: Container
    ) -> Disposal? {
        guard !owner.lifecycle.isDisposed else { return nil }
        let isHeld = holding == .container
        var replaced: Disposal?
        let listed = slot.lock.withLock {
            guard isHeld else {
                object = weakObject
                return false
            }
            let box = makeBox(value)
            held = box
            guard slot.entry === self else { return false }
            replaced = Disposal(withdrawn: slot.publish(box, for: readers))
            return true
        }
        if listed { owner.lifecycle.hold(slot) }
        return replaced
    }

    override func forgetWeakInstance() {
        object = nil
    }

    override func forgetHeldInstance() {
        held = nil
    }

    override func takeHeldInstance() -> Disposal? {
        guard let box = held else { return withdrawPublishedConversion() }
        held = nil
        return Disposal(
            withdrawn: slot.unpublish(), conversions: slot.withdrawConversions(), instance: box, of: self)
    }

    override func dispose(_ box: AnyObject) {
        endLife(of: unsafeDowncast(box, to: InstanceBox<Service>.self).value)
    }

    override func disposeInRequest(_ stored: AnyObject) {
        // Exactly the registered class, known not to be `Disposable`, with no hook: nothing
        // to do, decided without a lock, a cast or a `Service` value (whose stack space this
        // unspecialised code would make room for on every call).
        if isPlainRequestClass && hooks == nil
            && ObjectIdentifier(Swift.type(of: stored)) == ObjectIdentifier(Service.self)
        {
            return
        }
        endLife(ofStored: stored)
    }

    /// ``disposeInRequest(_:)`` past its shortcut.
    @inline(never)
    private func endLife(ofStored stored: AnyObject) {
        // Not a class type (a struct, an existential): the full check.
        guard keepsObjectItself else { return dispose(stored) }
        // A class instance: its class is read, not cast. The instance is made a `Service`
        // value only where it is used (in this unspecialised code, each such value is a copy
        // and a destroy through the type's value witnesses): not at all for a class known
        // not to be `Disposable` and a registration with no `onDispose` hook.
        let found = ObjectIdentifier(Swift.type(of: stored))
        if isPlainRequestClass && found == ObjectIdentifier(Service.self) {
            // Exactly the registered class, known not to be `Disposable`: no lock, no cast.
        } else if slot.lock.withLock({ plainClass }) != found {
            let value = instance(itself: stored)
            guard !(Swift.type(of: value) is any Disposable.Type) else { return endLife(of: value) }
            slot.lock.withLock { plainClass = found }
        }
        guard let hooks else { return }
        hooks.runDisposeHooks(on: instance(itself: stored))
    }

    /// Ends `value`'s life: ``Disposable/dispose()`` if it is one, then the `onDispose` hooks.
    private func endLife(of value: Service) {
        if let disposable = asDisposable(value) { disposable.dispose() }
        hooks?.runDisposeHooks(on: value)
    }

    override func heldObject() -> AnyObject? {
        guard let held, Swift.type(of: held.value as Any) is AnyClass else { return nil }
        return held.value as AnyObject
    }
}

/// The work that ends a held instance's life, taken from its entry under the locks
/// (`takeHeldInstance()` of every entry kind) and run after every lock is released: the boxes
/// that published the instance for the lock-free read are retired (each once no reader still
/// copies from it), then the instance is disposed (``AnyEntry/dispose(_:)``).
///
/// A value rather than a closure: a request's container disposes its instances on every
/// request, and each closure (the disposal, and the one that retired its boxes around it) was
/// an allocation.
struct Disposal {
    /// The box the entry's slot published, unpublished; nil if none.
    private let withdrawn: UnsafeMutableRawPointer?
    /// The boxes published for the instance in the slots of types bound to it.
    private let conversions: [(slot: Slot, box: UnsafeMutableRawPointer)]
    /// The instance's box and its entry, whose ``AnyEntry/dispose(_:)`` ends its life; nil for
    /// a binding, which only retires the box it published.
    private let instance: AnyObject?
    private let entry: AnyEntry?

    init(
        withdrawn: UnsafeMutableRawPointer?,
        conversions: [(slot: Slot, box: UnsafeMutableRawPointer)] = [],
        instance: AnyObject? = nil,
        of entry: AnyEntry? = nil
    ) {
        self.withdrawn = withdrawn
        self.conversions = conversions
        self.instance = instance
        self.entry = entry
    }

    /// Retires the boxes, then disposes the instance. Called with no lock held.
    func run() {
        if let withdrawn { Slot.retire(withdrawn) }
        for conversion in conversions { Slot.retire(conversion.box) }
        if let instance, let entry { entry.dispose(instance) }
    }
}

/// The disposals that one operation (`dispose`, `reset`, `unload`) takes under the locks, in the
/// order the instances were made, and runs newest first once the locks are released. The
/// newest is kept outside the array, so that a container that holds one instance (a
/// request's) allocates nothing to dispose it.
struct Disposals {
    private var newest: Disposal?
    private var older: [Disposal] = []

    /// Adds the disposal of an instance made after every one added before.
    mutating func append(_ disposal: Disposal) {
        if let newest { older.append(newest) }
        newest = disposal
    }

    /// Runs them, newest first. Called with no lock held.
    func run() {
        newest?.run()
        for disposal in older.reversed() { disposal.run() }
    }
}

/// Ends `held`'s life: ``Disposable/dispose()`` if it is one, then `hooks`, in order, if
/// `hasHooks` (which the caller knows without asking the array: in this unspecialised code,
/// even its `count` asks the runtime for the hooks' function type, about 200 instructions, and
/// most registrations have no hook).
func endLife<Service>(of held: Service, hooks: [@Sendable (Service) -> Void], hasHooks: Bool) {
    if let disposable = asDisposable(held) { disposable.dispose() }
    if hasHooks { for hook in hooks { hook(held) } }
}

/// The `then` and `onDispose` hooks of a registration that has any, kept apart from its
/// ``Entry`` and made only when there is a hook: the engine's code is not specialised for
/// `Service`, so each array of closures that take a `Service` asks the runtime for its
/// function type's metadata whenever it is made, even empty (a look-up in the runtime's cache,
/// about 300 instructions each). A registration made through a generic helper paid that for
/// both arrays, and most registrations have no hook.
@usableFromInline
final class EntryHooks<Service>: Sendable {
    /// Run after each new instance, in order.
    let afterCreation: [@Sendable (Resolver, Service) throws -> Void]
    /// An async registration's: run after each new instance, in order, in its async
    /// resolution. Nil when there are none, so that the hooks of a synchronous registration
    /// make no array of this function type (see above).
    let asyncAfterCreation: [@Sendable (AsyncResolver, Service) async throws -> Void]?
    /// Run when a held instance leaves its scope, in order.
    let onDispose: [@Sendable (Service) -> Void]
    /// Whether there are any of each, known when the hooks are made (after-creation hooks of
    /// either kind).
    @usableFromInline let hasAfterCreation: Bool
    let hasDisposeHooks: Bool

    private init(
        afterCreation: [@Sendable (Resolver, Service) throws -> Void],
        asyncAfterCreation: [@Sendable (AsyncResolver, Service) async throws -> Void]? = nil,
        onDispose: [@Sendable (Service) -> Void]
    ) {
        self.afterCreation = afterCreation
        self.asyncAfterCreation = asyncAfterCreation
        self.onDispose = onDispose
        hasAfterCreation = !afterCreation.isEmpty || asyncAfterCreation != nil
        hasDisposeHooks = !onDispose.isEmpty
    }

    /// The hooks of a registration made whole (a module's declaration); nil when there are none.
    static func make(
        afterCreation: [@Sendable (Resolver, Service) throws -> Void], onDispose: [@Sendable (Service) -> Void]
    ) -> EntryHooks? {
        afterCreation.isEmpty && onDispose.isEmpty
            ? nil : EntryHooks(afterCreation: afterCreation, onDispose: onDispose)
    }

    /// `hooks` with `hook`, `asyncHook` and `disposeHook` run after theirs; `hooks` itself
    /// when all are nil.
    static func adding(
        afterCreation hook: (@Sendable (Resolver, Service) throws -> Void)?,
        asyncAfterCreation asyncHook: (@Sendable (AsyncResolver, Service) async throws -> Void)? = nil,
        onDispose disposeHook: (@Sendable (Service) -> Void)?,
        to hooks: EntryHooks?
    ) -> EntryHooks? {
        guard hook != nil || asyncHook != nil || disposeHook != nil else { return hooks }
        var afterCreation = hooks?.afterCreation ?? []
        var asyncAfterCreation = hooks?.asyncAfterCreation
        var onDispose = hooks?.onDispose ?? []
        if let hook { afterCreation.append(hook) }
        if let asyncHook { asyncAfterCreation = (asyncAfterCreation ?? []) + [asyncHook] }
        if let disposeHook { onDispose.append(disposeHook) }
        return EntryHooks(afterCreation: afterCreation, asyncAfterCreation: asyncAfterCreation, onDispose: onDispose)
    }

    /// Runs the `onDispose` hooks on `value`, in order.
    func runDisposeHooks(on value: Service) {
        guard hasDisposeHooks else { return }
        for hook in onDispose { hook(value) }
    }
}

/// `value as? Disposable`, without the cast where the answer is known sooner. A class instance
/// (the usual held service) is `Disposable` exactly when its class conforms, which the runtime
/// answers from its cache of conformances: about 400 instructions, where the cast of an
/// unspecialised value, which also looks into optionals and boxes, is about 1,600 and was a
/// twelfth of a request scope's cost. Anything else (an optional, a struct) is cast.
@inline(__always)
private func asDisposable<Value>(_ value: Value) -> (any Disposable)? {
    let dynamicType = Swift.type(of: value)
    if dynamicType is AnyClass && !(dynamicType is any Disposable.Type) { return nil }
    return value as? Disposable
}

/// What only an async registration's ``Entry`` has.
///
/// `@unchecked Sendable`: `call` is immutable; `build` is guarded by the entry's `slot.lock`.
@usableFromInline
final class AsyncParts<Service>: @unchecked Sendable {
    /// The factory, with its arguments boxed.
    @usableFromInline let call: ErasedAsyncFactory<Service>
    /// Who builds the shared instance, and the tasks that wait for it.
    var build = AsyncBuildState()

    init(_ call: @escaping ErasedAsyncFactory<Service>) { self.call = call }
}

/// An async factory with its arguments boxed, as a registration stores it.
///
/// `nonisolated(nonsending)`: it runs on its caller's executor, so that calling it costs no
/// executor hop on the way in and out; the factory it wraps (the user's closure) still runs
/// where its own isolation says.
@usableFromInline
typealias ErasedAsyncFactory<Service> =
    nonisolated(nonsending) @Sendable (AsyncResolver, ArgumentBox?) async throws
    -> Service

/// Runtime arguments, boxed so that they can cross an `await`. `@unchecked Sendable`: the
/// async API requires every argument to be `Sendable`, and the box is immutable.
@usableFromInline
final class ArgumentBox: @unchecked Sendable {
    @usableFromInline let values: Any
    @usableFromInline init(_ values: Any) { self.values = values }

    /// `arguments`, boxed; nil when there are none, so that a resolve without arguments
    /// allocates no box and reads no shared one (a global's lazy initialisation check and a
    /// retain and release of the box were about 70 instructions of every awaited resolve).
    @inlinable
    static func holding<each Argument>(_ arguments: repeat each Argument) -> ArgumentBox? {
        (repeat each Argument).self == Void.self ? nil : ArgumentBox((repeat each arguments))
    }
}
