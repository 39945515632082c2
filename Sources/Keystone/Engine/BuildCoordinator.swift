/// Makes every shared instance (`.singleton`, `.cached`, `.weak`) be built exactly once, and
/// turns what would be a deadlock into a cycle error.
///
/// ## The lock design
///
/// * Reading a registration never takes a container-wide lock: the registry is lock-free
///   (see ``Registry``) and each key has its own slot lock, held only to read or write that
///   key's registration and instance, never while user code runs.
/// * Resolving a held instance that is already built takes no lock at all: the slot publishes
///   it, and readers copy it out under a hazard pointer (see ``Slot``), so threads resolving
///   the same singleton do not contend on a lock.
/// * The first resolve of a shared instance claims it under its container's own lock
///   (`Lifecycle.builds`: `entry.builder = context`), releases every lock, runs the factory,
///   then stores the instance under that lock again. Other resolutions that want the same
///   instance meanwhile wait on that container's condition, and the builder wakes them only
///   if there are any (`entry.waiters`). A cold build that nobody waits for takes no lock but
///   its container's and its slot's.
/// * Before waiting, a resolution follows the chain "that instance is being built by X, who
///   waits for an instance being built by Y, …", across containers. If the chain comes back
///   to itself (or to the resolution it was started from), waiting would never end, so it
///   reports a cycle instead. This is what keeps two threads that build each other's
///   dependencies, or a factory that resolves itself on another thread, from deadlocking.
///
/// ## The wait-for graph
///
/// The chain is read under one process-wide lock, ``waitGraph``, which only contended
/// builds take: a resolution about to wait records what it waits for
/// (`ResolutionContext.waitingFor`) under it, and every write of `entry.builder` made while
/// the entry has waiters is made under it too (``setBuilder(_:of:)``). So the walk reads,
/// under that lock alone, a `builder` that is current for every entry someone waits for —
/// and such a builder is alive, since it is still building. Lock order: a container's build
/// lock, then ``waitGraph``, then a slot's lock.
enum BuildCoordinator {
    /// Guards every context's `waitingFor`, and the `builder` of entries with waiters.
    static let waitGraph = Lock()

    /// Records that `context` waits for `entry`, claimed by `builder`, unless that would
    /// wait forever. Called with the owner container's build lock held, after counting the
    /// waiter in `entry.waiters`.
    ///
    /// - Returns: Whether waiting would deadlock (nothing is recorded then).
    static func beginWaiting(_ context: ResolutionContext, for entry: AnyEntry, builtBy builder: ResolutionContext)
        -> Bool
    {
        waitGraph.withLock {
            var blocked: ResolutionContext? = builder
            var steps = 0
            while let current = blocked, steps < 10_000 {
                if context.isSelfOrOrigin(current) { return true }
                blocked = current.waitingFor?.builder
                steps += 1
            }
            context.waitingFor = entry
            return false
        }
    }

    /// Forgets what `context` waited for. Called with the build lock held, after waking.
    static func endWaiting(_ context: ResolutionContext) {
        waitGraph.withLock { context.waitingFor = nil }
    }

    /// Claims (`context`) or releases (nil) the build of `entry`. Called with the owner
    /// container's build lock held; takes ``waitGraph`` too while the entry has waiters, whose
    /// deadlock checks read it.
    static func setBuilder(_ context: ResolutionContext?, of entry: AnyEntry) {
        if entry.waiters > 0 {
            waitGraph.withLock { entry.builder = context }
        } else {
            entry.builder = context
        }
    }
}
