import CKeystoneThreadPrimitives

/// A resolution that an awaited resolve runs: what its branches share, its `.graph`
/// instances, each built once even when two branches (`async let`) ask at once.
///
/// That is the instances of async registrations, and those of synchronous ones that the
/// resolution's factories need: a synchronous resolution that an awaited one starts (see
/// ``ResolutionContext/awaited``) takes a `.graph` instance from here when the awaited
/// resolution has one, and records here the ones it builds, so that one awaited resolution
/// has one instance of a `.graph` registration, as a synchronous resolution has.
///
/// The context's awaited half (see ``ResolutionContext``): its branches run on any thread, each
/// with its own path (``AsyncResolver/path``), so what they share is under the context's lock:
/// the instances they made, in the record a synchronous resolution keeps (`instances`, its
/// thread's alone there), and the builds they claimed (``awaitedBuilds``).
///
/// A top-level awaited resolve takes its container's spare context if it has one
/// (``beginAwaited(in:)``) and gives it back when it ends (``finishAwaited(_:in:)``), if
/// nothing else holds it (no resolver of it was kept) and it keeps nothing: so an awaited
/// resolve usually allocates no context. Given back, it is as new: not ended, with no rows; it
/// is taken by an exchange that orders this after everything its last user did (the lock, taken
/// to see that it keeps nothing, orders its branches' accesses before that).
///
/// The instances it hands from one branch to another are async services, which are `Sendable`
/// (their registration requires it), or synchronous `.graph` instances, which cross between
/// branches as a synchronous singleton crosses threads, under the rule the Concurrency article
/// states for both.
extension ResolutionContext {
    /// The words of an awaited resolution that are addressed atomically: the lock, and the flag
    /// ``end()`` sets. A context's first stored property (see ``firstStoredProperty(of:as:)``),
    /// so that a context is one allocation, not two: an awaited resolve makes one when its
    /// container has no spare.
    struct AwaitedWords {
        var lock = keystone_lock()
        var ended = Flag.Word()
    }

    /// The lock of what the branches share (see ``withShared(_:)``), first of the words.
    private var awaitedLock: WordLock {
        WordLock(word: firstStoredProperty(of: self, as: keystone_lock.self))
    }

    /// The flag of ``end()``, read without the lock: a resolver may be used on another task
    /// than the one whose top-level resolve ends the resolution. An atomic flag rather than a
    /// field under the lock: every nested awaited resolve reads it.
    private var ended: Flag {
        Flag(firstStoredProperty(of: self, as: AwaitedWords.self).pointer(to: \.ended)!)
    }

    /// The builds an awaited resolution's branches claimed, under ``awaitedLock`` (see
    /// ``ResolutionContext/awaitedBuilds``). The instances they made are in the record a
    /// synchronous resolution keeps, `instances` (see ``ResolutionInstances``), under the same
    /// lock (see ``withShared(_:)``).
    struct AwaitedBuilds {
        /// The row of the first `.graph` build the resolution claimed, kept out of `more`, so
        /// that a resolution with one (the usual shape: a registration in the default scope
        /// that needs another) allocates no list: that list's allocation and growth were about
        /// 450 instructions of each such awaited resolve.
        var first: GraphBuild?
        /// The entry of `first`, kept apart so that finding a row compares it without copying
        /// `first` out of its optional.
        var firstEntry: ObjectIdentifier?
        /// The rows of the other `.graph` builds, in the order they were first claimed. A list,
        /// searched from the end: a resolution has a handful, where a dictionary would hash
        /// each entry on every look.
        var more: [GraphBuild] = []
        /// The instances whose `then` hooks are running, by entry: resolving one again from
        /// its own hooks (or what they resolve) returns it, which is how a hook closes a
        /// circular reference, as in a synchronous resolution. Apart from `instances`, where a
        /// branch that asks for a `.graph` instance finds it: another branch must not get it
        /// before its hooks have run.
        var runningHooks = [ObjectIdentifier: Any]()

        /// Whether there is no row and no record of hooks.
        var isEmpty: Bool { firstEntry == nil && more.isEmpty && runningHooks.isEmpty }

        /// Lets go of every row whose build has ended, and of the record of hooks.
        mutating func dropFinished() {
            // The record of hooks is emptied by each hook's end: it has a record here only if
            // the resolution ended while hooks ran (a resolver kept and used by a task of its own).
            if !runningHooks.isEmpty { runningHooks.removeAll() }
            guard firstEntry != nil else { return }  // no row at all: the usual case
            if first?.build.isBuilding == false {
                first = nil
                firstEntry = nil
            }
            if !more.isEmpty { more.removeAll { !$0.build.isBuilding } }
        }

        /// Whether there is a row for `entry`: a branch claimed its build.
        func hasRow(of entry: AnyEntry) -> Bool {
            firstEntry == ObjectIdentifier(entry) || more.contains { $0.entry === entry }
        }

        /// Runs `body` on the row of `entry`, made first if there is none and `making`; nil if
        /// there is none and not `making`.
        mutating func row<T>(of entry: AnyEntry, making: Bool, _ body: (inout GraphBuild) -> T) -> T? {
            let id = ObjectIdentifier(entry)
            if firstEntry == id { return body(&first!) }
            if let index = more.lastIndex(where: { $0.entry === entry }) { return body(&more[index]) }
            guard making else { return nil }
            if firstEntry == nil {
                first = GraphBuild(entry: entry)
                firstEntry = id
                return body(&first!)
            }
            more.append(GraphBuild(entry: entry))
            return body(&more[more.count - 1])
        }
    }

    /// Whether the top-level resolve that made this resolution has returned (``end()``): a
    /// resolver of it that a factory kept, used now, starts a resolution of its own, as a
    /// stored ``Resolver`` does, rather than reuse this one's `.graph` instances or find its
    /// old path, which would be a cycle that is not there.
    @usableFromInline
    var hasEnded: Bool { ended.isSet }

    /// Marks the resolution ended, and lets go of its finished `.graph` instances: called by
    /// the top-level resolve that made it, when it returns or throws. Every branch has ended by
    /// then (`async let` ends with its scope), so only a resolver that a factory kept, or
    /// handed to a task of its own, can still use it, and such a resolver starts a new
    /// resolution. Kept, the record would hold an instance that keeps its resolver (which
    /// holds the resolution) for ever. A row whose build is still running (a task of its own
    /// started it) stays, for the branches that wait for it.
    @usableFromInline
    func end() {
        ended.set(true)
        withShared { instances, builds in
            if !instances.isEmpty { instances.removeAll() }
            builds.dropFinished()
        }
    }

    /// A context for a new top-level awaited resolve in `container`: the one the container
    /// keeps from an earlier resolve (see ``finishAwaited(_:in:)``), or a new one.
    @usableFromInline
    static func beginAwaited(in container: Container) -> ResolutionContext {
        PublishedObject<ResolutionContext>(container.registry.spareAwaitedContextWord).take()
            ?? ResolutionContext(awaitedIn: ())
    }

    /// Ends `resolution` (``end()``) if something else holds it (a resolver of it was kept);
    /// otherwise keeps it in `container` for the next top-level awaited resolve, emptied: so
    /// that an awaited resolve allocates no context. Reused, it is as new: not ended, with
    /// no rows.
    @usableFromInline
    static func finishAwaited(_ resolution: consuming ResolutionContext, in container: Container) {
        guard isKnownUniquelyReferenced(&resolution) else { return resolution.end() }
        // Nothing else holds it, and nothing can take a reference to it now: no resolver can
        // see it ended, so it is not marked so. Its branches' accesses were all under the lock,
        // which orders them before this one. A row still building would be held by the task
        // building it, so every row has finished.
        guard
            resolution.withShared({ instances, builds in
                if !instances.isEmpty { instances.removeAll() }
                builds.dropFinished()
                return builds.isEmpty
            })
        else { return }
        PublishedObject<ResolutionContext>(container.registry.spareAwaitedContextWord).offer(consume resolution)
    }

    /// Whether this awaited resolution has a `.graph` instance of `entry`, or a branch
    /// claimed its build.
    func hasGraphInstanceOrBuild(of entry: AnyEntry) -> Bool {
        withShared { instances, builds in
            (!instances.isEmpty && instances.position(of: entry) != nil) || builds.hasRow(of: entry)
        }
    }

    /// Runs `body` on what the branches share, under the lock: the instances made and the
    /// builds claimed, one access to each for the step.
    private func withShared<T>(_ body: (inout ResolutionInstances, inout AwaitedBuilds) -> T) -> T {
        awaitedLock.withLock { body(&confined.instances, &awaitedBuilds) }
    }

    /// Resolves `entry`, registered in `owner`, as part of this resolution, and reports it to
    /// `owner`'s logger if it has one.
    func resolve<Service>(
        _ entry: Entry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox?
    ) async throws(ResolutionError) -> Service {
        guard owner.registry.isLogging else {
            return try await resolveUnreported(entry, owner: owner, path: path, arguments: arguments)
        }
        let reused = reuses(entry)
        let value = try await resolveUnreported(entry, owner: owner, path: path, arguments: arguments)
        owner.log { ContainerEvent(reused ? .reused : .built, entry: entry) }
        return value
    }

    /// Resolves `entry`: reuses what the scope allows, builds the rest.
    private func resolveUnreported<Service>(
        _ entry: Entry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox?
    ) async throws(ResolutionError) -> Service {
        if path.contains(where: { $0 === entry }) {
            if let made = withShared({ $1.runningHooks[ObjectIdentifier(entry)] }) as? Service { return made }
            throw Failure.cycle(entry, path: path.map(Failure.step), acrossThreads: false)
        }
        switch entry.holding {
        case .nobody:
            return try await build(entry, owner: owner, path: path, arguments: arguments)
        case .resolution:
            return try await graphInstance(of: entry) { () async throws(ResolutionError) in
                try await build(entry, owner: owner, path: path, arguments: arguments)
            }
        case .container, .containerWeakly:
            return try await shared(entry, owner: owner, path: path, arguments: arguments)
        case .requestScope:
            // A request scope builds with synchronous factories only.
            throw Failure.asyncInRequest(entry, path: path.map(Failure.step))
        }
    }

    /// The `.graph` instance of `entry` in this resolution, built once by `build`, in the
    /// first branch that asks (see ``claimGraphInstance(of:)``). A build that fails keeps
    /// nothing, as in a synchronous resolution: its error is that branch's, and a branch that
    /// waited for it, or asks later, builds again.
    @inlinable
    @inline(__always)
    func graphInstance<Service>(
        of entry: AnyEntry,
        build: () async throws(ResolutionError) -> Service
    ) async throws(ResolutionError) -> Service {
        while true {
            switch claimGraphInstance(of: entry) {
            case .built(let built):
                return built as! Service
            case .wait:
                await waitForGraphInstance(of: entry)
            case .build:
                let instance: Service
                do {
                    instance = try await build()
                } catch {
                    abandonGraphInstance(of: entry)
                    throw error
                }
                finishGraphInstance(of: entry, with: instance)
                return instance
            }
        }
    }

    /// Claims the build of `entry`'s `.graph` instance in this resolution, which is built
    /// once: by the first branch that asks (`.build`: then it calls
    /// ``finishGraphInstance(of:with:)``), in its own task, while the branches that ask
    /// meanwhile (`async let`) wait for it (`.wait`: ``waitForGraphInstance(of:)``, then they
    /// ask again). The engine's build-once machine decides (``AsyncBuildState``); a branch never
    /// waits for its own build, because the resolution's path reports that as a cycle first.
    ///
    /// A synchronous registration's instance is claimed here too, by the branch whose factory
    /// resolves it, for the synchronous resolution that builds it: that build never awaits,
    /// so it cannot wait for the branches that wait for it.
    @usableFromInline
    func claimGraphInstance(of entry: AnyEntry) -> GraphClaim {
        withShared { instances, builds in
            if !instances.isEmpty, let position = instances.position(of: entry) {
                return .built(instances.value(at: position))
            }
            return builds.row(of: entry, making: true) { $0.build.claim() ? .build : .wait }!
        }
    }

    /// Ends the build of `entry`'s `.graph` instance that this caller claimed, with what it
    /// made, and wakes the branches that wait for it.
    @usableFromInline
    func finishGraphInstance(of entry: AnyEntry, with instance: Any) {
        endGraphBuild(of: entry) { $0.insert(instance, for: entry) }
    }

    /// Ends the build of `entry`'s `.graph` instance that this caller claimed, which threw:
    /// nothing is kept, and the branches that wait for it are woken to build it themselves.
    @usableFromInline
    func abandonGraphInstance(of entry: AnyEntry) {
        endGraphBuild(of: entry) { _ in }
    }

    /// Ends the build of `entry`'s `.graph` instance, after `update` on the instances, and
    /// wakes the branches that wait for it. (Two callers, rather than an optional instance:
    /// testing an optional `Any` goes through its value witnesses.)
    private func endGraphBuild(of entry: AnyEntry, _ update: (inout ResolutionInstances) -> Void) {
        let parked = withShared { instances, builds in
            update(&instances)
            let parked = builds.row(of: entry, making: false) { $0.build.finish() }
            guard let parked else { preconditionFailure("a .graph instance's build was forgotten while it ran") }
            return parked
        }
        for waiter in parked { waiter.resume() }
    }

    /// Waits for the build of `entry`'s `.graph` instance that another branch claimed, which
    /// counted this one as its waiter, to end.
    @usableFromInline
    func waitForGraphInstance(of entry: AnyEntry) async {
        await AsyncBuildState.wait { body in
            withShared { _, builds in
                guard let answer = builds.row(of: entry, making: false, { body(&$0.build) }) else {
                    preconditionFailure("a .graph instance's build was forgotten while a branch waited")
                }
                return answer
            }
        }
    }

    /// The `.graph` instance of the synchronous registration `entry` in this resolution, if
    /// one was built: for a synchronous resolution this one started, before it builds one.
    /// Nil while a branch builds it: a synchronous resolution cannot wait for a branch, and
    /// builds its own (see ``recordGraphInstance(_:of:)``).
    func builtGraphInstance(of entry: AnyEntry) -> Any? {
        withShared { instances, _ in
            guard !instances.isEmpty, let position = instances.position(of: entry) else { return nil }
            return instances.value(at: position)
        }
    }

    /// Records `instance`, which a synchronous resolution this one started built for the
    /// `.graph` registration `entry`, for the rest of this resolution, unless it has one or a
    /// branch builds one: then the first stays the resolution's, and `instance` stays with the
    /// factories of the synchronous resolution that built it. That happens only when branches
    /// running at once (`async let`) reach the same registration through synchronous factories.
    func recordGraphInstance(_ instance: Any, of entry: AnyEntry) {
        withShared { instances, builds in
            guard instances.position(of: entry) == nil, !builds.hasRow(of: entry) else { return }
            instances.insert(instance, for: entry)
        }
    }

    /// Calls the factory and the hooks.
    private func build<Service>(
        _ entry: Entry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox?
    ) async throws(ResolutionError) -> Service {
        let resolver = AsyncResolver(
            owner: owner.weakReference, resolution: self, outer: AsyncPath(path), current: entry)
        let value: Service
        do {
            value = try await entry.asyncParts!.call(resolver, arguments)
        } catch {
            throw Failure.thrown(error, by: entry, path: resolver.path.map(Failure.step))
        }
        if let hooks = entry.hooks?.asyncAfterCreation {
            let id = ObjectIdentifier(entry)
            withShared { $1.runningHooks[id] = value }
            defer { withShared { $1.runningHooks[id] = nil } }
            for hook in hooks {
                do {
                    try await hook(resolver, value)
                } catch {
                    throw Failure.thrown(error, by: entry, path: resolver.path.map(Failure.step), inHook: true)
                }
            }
        }
        if entry.holding == .containerWeakly, case .notAnObject = WeakHold(value) {
            throw Failure.weakValueType(entry, valueType: type(of: value as Any), path: resolver.path.map(Failure.step))
        }
        return value
    }

    /// Returns the shared instance of a `.singleton`, `.cached` or `.weak` entry, building it
    /// once: the first resolve that asks builds it, in its own task; every resolve that wants
    /// the instance meanwhile waits for that build to end and looks again (see
    /// ``AsyncBuildState``). A build that throws keeps nothing: its error is its resolve's, and
    /// a resolve that waited builds again.
    private func shared<Service>(
        _ entry: Entry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox?
    ) async throws(ResolutionError) -> Service {
        while true {
            let step: SharedStep<Service> = entry.slot.lock.withLock {
                if let existing = entry.currentInstance { return .ready(existing.value) }
                // A disposed container builds nothing more (as the synchronous path); a resolve
                // that waited for a build that ended by a dispose stops here.
                if !entry.asyncBuild.isBuilding && owner.lifecycle.isDisposed { return .disposed }
                return entry.asyncBuild.claim() ? .build : .wait
            }
            switch step {
            case .ready(let instance):
                return instance
            case .disposed:
                throw Failure.disposed(
                    service: Service.self,
                    name: entry.name,
                    argumentTypes: entry.argumentTypes,
                    path: (path + [entry]).map(Failure.step)
                )
            case .build:
                return try await buildShared(entry, owner: owner, path: path, arguments: arguments)
            case .wait:
                let waiters: [AnyEntry]
                do throws(ResolutionError) {
                    waiters = try BuildCoordinator.beginWaiting(on: path, for: entry)
                } catch {
                    entry.slot.lock.withLock { entry.asyncBuild.stopWaiting() }
                    throw error
                }
                await AsyncBuildState.wait { body in entry.slot.lock.withLock { body(&entry.asyncBuild) } }
                BuildCoordinator.endWaiting(waiters)
            }
        }
    }

    /// Builds a shared instance that this resolve claimed, keeps it as its scope says, and
    /// wakes the resolves that wait for it.
    private func buildShared<Service>(
        _ entry: Entry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox?
    ) async throws(ResolutionError) -> Service {
        let value: Service
        do {
            value = try await build(entry, owner: owner, path: path, arguments: arguments)
        } catch {
            let parked = entry.slot.lock.withLock { entry.asyncBuild.finish() }
            for waiter in parked { waiter.resume() }
            throw error
        }
        var weakObject: AnyObject?
        if entry.holding == .containerWeakly, case .object(let object) = WeakHold(value) { weakObject = object }
        // Published for awaited resolves, which then read it as they read a synchronous
        // singleton: with no lock and no resolution. A synchronous resolve's read passes it by,
        // to the check that refuses it.
        let (replaced, parked) = owner.lifecycle.lock.withLock {
            let replaced = entry.keepBuilt(value, weakObject: weakObject, for: .awaited, in: owner)
            return (replaced, entry.slot.lock.withLock { entry.asyncBuild.finish() })
        }
        replaced?.run()
        for waiter in parked { waiter.resume() }
        return value
    }
}

/// What a branch of an async resolution does about a `.graph` instance it needs (see
/// ``ResolutionContext/claimGraphInstance(of:)``).
@usableFromInline
enum GraphClaim {
    /// Build it, then finish it.
    case build
    /// Another branch builds it: wait for that build to end, then ask again.
    case wait
    /// It was built: this.
    case built(Any)
}

/// The build of a `.graph` instance of an awaited resolution: who builds it and who waits (the
/// engine's build-once machine). The instance, once built, is in the resolution's `instances`.
struct GraphBuild {
    /// Kept alive by the row, so that its address, by which the row is found, cannot be
    /// another entry's (one registered during the resolution) while the resolution runs.
    let entry: AnyEntry
    var build = AsyncBuildState()
}

/// What a resolve of a shared async instance does next.
private enum SharedStep<Service> {
    /// The instance exists.
    case ready(Service)
    /// Build it, then finish the build.
    case build
    /// Another resolve builds it: wait for that build to end, then look again.
    case wait
    /// The container was disposed: build nothing.
    case disposed
}

/// A weak reference to a container that can cross tasks.
@usableFromInline
final class WeakContainerReference: Sendable {
    @usableFromInline weak let container: Container?
    init(_ container: Container) { self.container = container }
}
