/// Makes every shared instance (`.singleton`, `.cached`, `.weak`) be built exactly once, and
/// turns what would be a deadlock into a cycle error.
///
/// ## The lock design
///
/// * Reading a registration never takes a container-wide lock: the registry is lock-free
///   (see ``Registry``) and each key has its own slot lock, held only to read or write that
///   key's registration and instance, never while user code runs.
/// * Resolving a held instance that is already built takes no lock at all: the slot publishes
///   it, and readers copy it out in a read section (see ``Slot``), so threads resolving
///   the same singleton do not contend on a lock.
/// * The first resolve of a shared instance claims it under its container's own lock
///   (`Lifecycle.builds`; the entry's ``BuildState`` records the builder), releases every lock, runs the factory,
///   then stores the instance under that lock again. Other resolutions that want the same
///   instance meanwhile wait on that container's condition, and the builder wakes them only
///   if there are any. A cold build that nobody waits for takes no lock but
///   its container's and its slot's.
/// * Before waiting, a resolution follows the chain "that instance is being built by X, who
///   waits for an instance being built by Y, …", across containers, and through the
///   `.request` instances a ``RequestScope`` builds, whose waits join the same chain. If the
///   chain comes back to itself (or to the resolution it was started from), or reaches a
///   resolution on its own thread, waiting would never end, so it reports a cycle instead.
///   This is what keeps two threads that build each other's dependencies (two singletons, or a
///   singleton and a request's service), or a factory that resolves itself on another thread,
///   from deadlocking.
///
/// ## The wait-for graph
///
/// The chain is read under one process-wide lock, ``waitGraph``, which only contended
/// builds take: a resolution about to wait records what it waits for
/// (`ResolutionContext.waitingFor`) under it, and every change of an entry's build state made
/// while the entry has waiters is made under it too: a claim or finish (``claim(_:by:)``,
/// ``finish(_:)``), and a waiter that stops waiting, together with forgetting what it waited
/// for (``endWaiting(_:for:)``, and in ``beginWaiting(_:for:builtBy:)`` when it would wait
/// forever). So the walk reads, under that lock alone, a build state that no one changes
/// meanwhile, whose `builder` is current for every entry someone waits for — and such a
/// builder is alive, since it is still building. (A waiter that stopped waiting under the
/// container's lock alone, after forgetting under this one, raced a walk that another waiter of
/// the same entry began: a change of `waiters` is an access to the whole build state, which
/// the walk reads; a test that chains waits from children into their parent caught it under
/// ThreadSanitizer.) A resolution that waits for a
/// `.request` instance records its builder itself (`ResolutionContext.waitingForRequestBuilder`),
/// which the request scope clears under this lock before that build ends. Lock order: a
/// container's build lock or a request scope's lock, then ``waitGraph``, then a slot's lock.
enum BuildCoordinator {
    /// Guards every context's `waitingFor` and `waitingForRequestBuilder`, every entry's
    /// `asyncWaitingFor`, and the `builder` of entries with waiters.
    static let waitGraph = Lock()

    /// Records that `context` waits for `entry`, claimed by `builder`, unless that would
    /// wait forever. Called with the owner container's build lock held, after counting the
    /// waiter in its build state.
    ///
    /// - Returns: Whether waiting would deadlock (nothing is recorded then, and `context` is no
    ///   longer counted as a waiter).
    static func beginWaiting(_ context: ResolutionContext, for entry: AnyEntry, builtBy builder: ResolutionContext)
        -> Bool
    {
        waitGraph.withLock {
            if wouldWaitForever(context, on: builder) {
                entry.build.stopWaiting()
                return true
            }
            context.waitingFor = entry
            return false
        }
    }

    /// Records that `context` waits for a `.request` instance that `builder` builds, unless that
    /// would wait forever. Called with the request scope's lock held, after counting the waiter
    /// in the row's build state; the scope clears the record (``endWaiting(forRequestBuilder:)``)
    /// before that build ends.
    ///
    /// - Returns: Whether waiting would deadlock (nothing is recorded then).
    static func beginWaiting(_ context: ResolutionContext, forRequestBuiltBy builder: ResolutionContext) -> Bool {
        waitGraph.withLock {
            if wouldWaitForever(context, on: builder) { return true }
            context.waitingForRequestBuilder = builder
            return false
        }
    }

    /// Whether `context` waiting for `builder` would never end: following "that build's
    /// resolution waits for a shared instance, or a `.request` one, that another builds, …", the
    /// chain reaches `context` (or a resolution it was started from), or a resolution on
    /// `context`'s thread, which cannot go on while that thread waits. One walk for both kinds of
    /// wait, so that a chain through a singleton's build and a request's is seen whole. Called
    /// with ``waitGraph`` held.
    private static func wouldWaitForever(_ context: ResolutionContext, on builder: ResolutionContext) -> Bool {
        var blocked: ResolutionContext? = builder
        var steps = 0
        while let current = blocked, steps < 10_000 {
            if context.isSelfOrOrigin(current) || isSameThread(current.thread, context.thread) { return true }
            blocked = current.waitingFor?.build.builder ?? current.waitingForRequestBuilder
            steps += 1
        }
        return false
    }

    /// Forgets that `context` waited for `entry`'s build, and stops counting it as a waiter.
    /// Called with the owner container's build lock held, after waking.
    static func endWaiting(_ context: ResolutionContext, for entry: AnyEntry) {
        waitGraph.withLock {
            context.waitingFor = nil
            entry.build.stopWaiting()
        }
    }

    /// Forgets what `context` waited for. Called with the request scope's lock held, after
    /// waking.
    static func endWaiting(_ context: ResolutionContext) {
        waitGraph.withLock {
            context.waitingFor = nil
            context.waitingForRequestBuilder = nil
        }
    }

    /// Forgets, for each of `waiters`, the `.request` build it waited for: called by the
    /// request scope, with its lock held, when that build ends (or the scope ends), so that no
    /// walk follows a builder that has moved on.
    static func endWaiting<Waiters: Sequence<ResolutionContext>>(forRequestBuilder waiters: Waiters) {
        waitGraph.withLock {
            for waiter in waiters { waiter.waitingForRequestBuilder = nil }
        }
    }

    /// Claims the build of `entry` for `context`, or counts `context` as a waiter (see
    /// ``BuildState/claim(by:isSameBuilder:)``). Called with the owner container's build lock
    /// held; takes ``waitGraph`` too while the entry has waiters, whose deadlock checks read its
    /// builder.
    static func claim(_ entry: AnyEntry, by context: ResolutionContext) -> BuildState<ResolutionContext>.Claim {
        if entry.build.waiters > 0 {
            return waitGraph.withLock { entry.build.claim(by: context, isSameBuilder: ===) }
        }
        return entry.build.claim(by: context, isSameBuilder: ===)
    }

    /// Ends the build of `entry` (see ``BuildState/finish()``), under the same locks as
    /// ``claim(_:by:)``.
    ///
    /// - Returns: Whether resolutions wait for it, and should be woken.
    static func finish(_ entry: AnyEntry) -> Bool {
        if entry.build.waiters > 0 {
            return waitGraph.withLock { entry.build.finish() }
        }
        return entry.build.finish()
    }

    // MARK: - Async builds

    /// Records that the shared async builds on `path` await the build of `target`, or throws a
    /// cycle error if `target`'s build, through the builds it awaits, awaits one of them.
    ///
    /// An async build runs in a task, not in a resolution context, so its node in the wait-for
    /// graph is its registration: a shared registration has at most one build in flight. When
    /// a resolution that is building shared instances (the `.singleton`, `.cached` and `.weak`
    /// registrations on its path) awaits another build in flight, each of those builds now
    /// waits for that one. Builds of transient and graph registrations are never awaited by
    /// another resolution, so they need no record: the shared build they run inside stands for
    /// them. (A synchronous build never awaits an async one, so no chain crosses from these
    /// records to the contexts' and back.)
    ///
    /// - Returns: The builds recorded as waiting, to pass to `endWaiting(_:)` with them.
    static func beginWaiting(on path: [AnyEntry], for target: AnyEntry) throws(ResolutionError) -> [AnyEntry] {
        let waiters = path.filter(\.isShared)
        guard !waiters.isEmpty else { return [] }
        let deadlock: Bool = waitGraph.withLock {
            var current: AnyEntry? = target
            var steps = 0
            while let entry = current, steps < 10_000 {
                if waiters.contains(where: { $0 === entry }) { return true }
                current = entry.asyncWaitingFor
                steps += 1
            }
            for waiter in waiters { waiter.asyncWaitingFor = target }
            return false
        }
        if deadlock {
            throw Failure.cycle(target, path: path.map(Failure.step), acrossThreads: true)
        }
        return waiters
    }

    /// Forgets what the async builds of `waiters` awaited.
    static func endWaiting(_ waiters: [AnyEntry]) {
        guard !waiters.isEmpty else { return }
        waitGraph.withLock {
            for waiter in waiters { waiter.asyncWaitingFor = nil }
        }
    }
}
