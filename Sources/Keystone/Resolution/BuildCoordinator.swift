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
/// * The first resolve of a shared instance claims it here (`entry.builder = context`),
///   releases every lock, runs the factory, then publishes the instance and wakes waiters.
///   Other resolutions that want the same instance meanwhile wait on the condition.
/// * Before waiting, a resolution follows the chain "that instance is being built by X, who
///   waits for an instance being built by Y, …". If the chain comes back to itself (or to the
///   resolution it was started from), waiting would never end, so it reports a cycle instead.
///   This is what keeps two threads that build each other's dependencies, or a factory that
///   resolves itself on another thread, from deadlocking.
///
/// One process-wide coordinator guards `builder`, `waitingFor` and every container's list of
/// held instances. It is taken only when a shared instance is missing (and on `register`,
/// `reset` and `dispose`), so a warm container never touches it: a built `.singleton` or
/// `.cached` instance is read lock-free, a living `.weak` one under its slot lock.
enum BuildCoordinator {
    static let condition = ConditionLock()

    /// Whether waiting for `entry` (claimed by `builder`) from `context` would wait forever.
    /// Called with `condition.lock` held.
    static func waitWouldDeadlock(
        for builder: ResolutionContext,
        from context: ResolutionContext
    ) -> Bool {
        var blocked: ResolutionContext? = builder
        var steps = 0
        while let current = blocked, steps < 10_000 {
            if context.isSelfOrOrigin(current) { return true }
            blocked = current.waitingFor?.builder
            steps += 1
        }
        return false
    }
}
