/// Who builds a value that must be built once, and who waits for it: the engine's one
/// build-once state machine.
///
/// Every "build it once, let the others wait" in Keystone runs through this value type: shared
/// instances (`.singleton`, `.cached`, `.weak`) built synchronously or asynchronously, the
/// `.graph` instances that branches of one async resolution share, a request's instances
/// (`.request`), the lazy resolvers and property wrappers, the first-use
/// hook of `Container.shared`, and, through ``LazyCell`` and ``FirstUseGate`` (`package`
/// types), the compatibility modules' lazy wrappers (Resolver's `@LazyInjected` and
/// `@WeakLazyInjected`, Swoin's `@Inject`, a Zerk wrapper's `scoped` instance) and run-once
/// hooks (Resolver's `registerAllServices()`, Zerk's `AutoStoring`). The machine decides; its
/// owner holds the lock that guards it, keeps the built value, and performs what the machine
/// answers (build, wait, report a cycle) after releasing that lock:
///
/// | Owner | Builder | Lock | Built value |
/// |---|---|---|---|
/// | A shared synchronous build (`ResolutionContext.shared`) | the `ResolutionContext` | the owner container's `Lifecycle.builds` | the slot, published |
/// | A shared async build (`AsyncResolution.shared`) | the build's `Task` | the slot's lock | the slot |
/// | An async resolution's `.graph` row (`AsyncResolution.graphInstance`) | a branch (no identity: a branch never waits for itself) | the resolution's | the row; waiters park as continuations |
/// | A ``RequestScope``'s row (a `.request` instance) | the `ResolutionContext`, unretained | the scope's own | the row |
/// | ``LazyCell`` (lazy resolvers and wrappers, the modules' too) | the building thread | the cell's own | the cell |
/// | ``FirstUseGate`` (`AutoRegistering`, the modules' run-once hooks) | the running thread | the gate's own | the gate's `done` flag |
///
/// ## States
///
/// * **idle** — `builder == nil`, `waiters == 0`. Nobody builds. An owner that finds no value
///   claims the build.
/// * **building** — `builder != nil`. The builder runs the build with no lock held; `waiters`
///   callers wait for it to end.
/// * **ended, waiters not yet back** — `builder == nil`, `waiters > 0`. The build ended (with
///   a value, or with an error: then nothing was kept) and woke its waiters, which have not
///   all taken the lock again. The first of them to find no value claims the next build; when
///   the last is back, the state is idle again.
///
/// The two fields are stored apart rather than as an enum with payloads, so that a transition
/// writes only the field it changes: the engine's wait-for walk reads `builder` under a lock of
/// its own while a waiter that wakes up writes `waiters` under its owner's lock (see
/// ``BuildCoordinator``).
///
/// ## Transitions (each with the owner's lock held; each tells the owner what to do next)
///
/// * ``claim(by:isSameBuilder:)``: idle or ended → building by the caller (`.build`); building
///   by the caller itself → unchanged, `.reentered` (waiting would be waiting for itself: a
///   cycle); building by another → one more waiter (`.wait`).
/// * ``join(orStart:)``: the same for an owner whose waiters await the builder itself (an async
///   build's `Task`): building → one more waiter, given the builder to await; idle or ended →
///   building by a builder it starts.
/// * ``stopWaiting()``: a waiter woke up (or its await returned), or gave up because waiting
///   would never end: one waiter fewer.
/// * ``finish()``: building → idle or, with waiters, ended; returns whether there are waiters
///   to wake.
///
/// Any other transition is a defect of the owner, and traps.
struct BuildState<Builder> {
    /// The caller that is building now, if any.
    private(set) var builder: Builder?
    /// How many callers wait for the build in progress (or, after it ended, have not yet
    /// taken the lock again).
    private(set) var waiters = 0

    /// What a caller that found no value does next.
    enum Claim {
        /// Build the value (with no lock held), then call ``finish()``.
        case build
        /// Another caller builds it: wait for it to end, then call ``stopWaiting()`` and look
        /// for the value again.
        case wait(for: Builder)
        /// The caller itself is building it already: waiting would never end.
        case reentered
    }

    /// Claims the build for `me`, or counts `me` as a waiter of the build in progress.
    mutating func claim(by me: Builder, isSameBuilder: (Builder, Builder) -> Bool) -> Claim {
        guard let builder else {
            // Idle or ended: the caller builds.
            self.builder = me
            return .build
        }
        if isSameBuilder(builder, me) { return .reentered }
        waiters += 1
        return .wait(for: builder)
    }

    /// Joins the build in progress, or starts one: for owners whose waiters await the builder
    /// itself (a `Task`), where a caller never waits for its own build (the resolution path
    /// reports that as a cycle first).
    ///
    /// - Returns: The builder to await, and whether this call started it (then call
    ///   ``finish()`` when it ends; otherwise ``stopWaiting()`` once the await returns).
    mutating func join(orStart start: () -> Builder) -> (builder: Builder, started: Bool) {
        if let builder {
            waiters += 1
            return (builder, false)
        }
        let started = start()
        builder = started
        return (started, true)
    }

    /// Ends a wait that ``claim(by:isSameBuilder:)`` answered with `.wait`, or that
    /// ``join(orStart:)`` joined.
    mutating func stopWaiting() {
        precondition(waiters > 0, "a build state stopped a wait it did not count")
        waiters -= 1
    }

    /// Ends the build in progress, whether it made a value or threw.
    ///
    /// - Returns: Whether callers wait for it, and should be woken. (A `Bool` rather than an
    ///   enum of actions: returned through an owner's `withLock`, an enum cost the shared
    ///   build's hot path its static exclusivity checks, about 90 instructions per build.)
    mutating func finish() -> Bool {
        precondition(builder != nil, "a build state finished a build nobody claimed")
        builder = nil
        return waiters > 0
    }
}
