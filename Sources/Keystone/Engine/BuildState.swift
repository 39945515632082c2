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
/// | A shared async build (`ResolutionContext.shared`, awaited), through ``AsyncBuildState`` | the resolve that builds, in its task | the slot's lock | the entry |
/// | An async resolution's `.graph` row (`ResolutionContext.graphInstance`), through ``AsyncBuildState`` | the branch that builds | the resolution's | the row |
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

    /// Ends a wait that ``claim(by:isSameBuilder:)`` answered with `.wait`.
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

/// The build-once machine for owners whose waiters are tasks: a ``BuildState`` whose waiting
/// tasks park as continuations until the build they wait for ends, then look for the value
/// again, as a thread woken from a condition does.
///
/// | Owner | Lock | Built value |
/// |---|---|---|
/// | A shared async build (`ResolutionContext.shared`, awaited, state in the entry's `AsyncParts`) | the slot's lock | the entry's box, published for awaited reads |
/// | An async resolution's `.graph` row (`ResolutionContext.graphInstance`) | the resolution's | the row |
///
/// The builder needs no identity: a task never waits for its own build, because the
/// resolution's path reports that as a cycle first. The owner's lock guards this value, and the
/// owner resumes the waiters ``finish()`` hands back after releasing that lock.
struct AsyncBuildState {
    typealias Waiter = CheckedContinuation<Void, Never>

    private var state = BuildState<Void>()
    /// The waiting tasks that have parked, of the `state.waiters` counted; nil for none. An
    /// optional rather than an empty list, so that a state nobody waited on (every
    /// registration's, made with it) costs no reference to make or destroy.
    private var parked: [Waiter]?

    /// Whether a build is in progress.
    var isBuilding: Bool { state.builder != nil }
    /// How many of the waiters have parked.
    var parkedWaiters: Int { parked?.count ?? 0 }
    /// How many tasks wait for the build in progress (or, after it ended, have not yet looked
    /// again).
    var waiters: Int { state.waiters }

    /// Claims the build, or counts the caller as a waiter of the build in progress.
    ///
    /// - Returns: Whether the caller builds (then it calls ``finish()``); otherwise it waits
    ///   with ``wait(_:)``.
    mutating func claim() -> Bool {
        switch state.claim(by: (), isSameBuilder: { _, _ in false }) {
        case .build: return true
        case .wait: return false
        case .reentered: preconditionFailure("a build state without builder identities saw its builder again")
        }
    }

    /// Ends a wait that ``claim()`` counted without waiting (the caller gave up: waiting would
    /// never end). ``wait(_:)`` ends its own.
    mutating func stopWaiting() {
        state.stopWaiting()
    }

    /// Ends the build in progress, whether it made a value or threw.
    ///
    /// - Returns: The parked waiters, to resume once the owner's lock is released.
    mutating func finish() -> [Waiter] {
        guard state.finish(), let waiters = parked else { return [] }
        parked = nil
        return waiters
    }

    /// Waits in the calling task, which ``claim()`` counted as a waiter, until the build it
    /// waits for ends, then stops waiting; the caller then looks for the value again.
    ///
    /// - Parameter withState: Runs its argument on the state with the owner's lock held, and
    ///   returns what it returns.
    static func wait(_ withState: ((inout AsyncBuildState) -> Bool) -> Bool) async {
        await withCheckedContinuation { (waiter: Waiter) in
            // Parked, or answered, in one step with respect to the build's end: a build that
            // ended since the claim is answered here, never missed.
            let parked = withState { state in
                guard state.isBuilding else { return false }
                if state.parked == nil { state.parked = [waiter] } else { state.parked!.append(waiter) }
                return true
            }
            if !parked { waiter.resume() }
        }
        _ = withState { state in
            state.stopWaiting()
            return true
        }
    }
}
