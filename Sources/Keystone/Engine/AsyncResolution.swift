import CKeystoneThreadPrimitives

/// What one async resolution shares between its branches: the `.graph` instances of async
/// registrations, each built once even when two branches (`async let`) ask at once.
///
/// `@unchecked Sendable`: `lock` guards `graph` and `runningHooks`.
@usableFromInline
final class AsyncResolution: @unchecked Sendable {
    /// Only reached through `lock`; first, so that a resolution is one allocation, not two (see
    /// ``firstStoredProperty(of:as:)``): every awaited resolve that builds makes one.
    private var lockWord = keystone_lock()
    private var lock: WordLock { WordLock(word: firstStoredProperty(of: self, as: keystone_lock.self)) }
    /// Each `.graph` instance of the resolution, by entry, in the order they were first
    /// asked for: being built, or built. A list, searched from the end: a resolution has a
    /// handful, where a dictionary would hash each entry on every look.
    private var graph: [GraphRow] = []
    /// The instances whose `then` hooks are running, by entry: resolving one again from its
    /// own hooks (or what they resolve) returns it, which is how a hook closes a circular
    /// reference, as in a synchronous resolution.
    private var runningHooks = [ObjectIdentifier: Any]()

    init() {
        keystone_lock_init(lock.word)
        withUnsafePointer(to: &lockWord) { assertFirstStoredProperty(of: self, at: $0, "lockWord") }
    }

    /// Resolves `entry`, registered in `owner`, as part of this resolution, and reports it to
    /// `owner`'s logger if it has one.
    func resolve<Service>(
        _ entry: AsyncEntry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox
    ) async throws(ResolutionError) -> Service {
        guard owner.registry.isLogging else {
            return try await resolveUnreported(entry, owner: owner, path: path, arguments: arguments)
        }
        var reused = lock.withLock { graphIndex(of: ObjectIdentifier(entry)) != nil }
        if !reused {
            // Out of the lock before it is dropped, as in the synchronous resolution: a `.weak`
            // instance's strong reference here may be its last.
            let current = entry.slot.lock.withLock { entry.currentInstance }
            reused = current != nil
            withExtendedLifetime(current) {}
        }
        let value = try await resolveUnreported(entry, owner: owner, path: path, arguments: arguments)
        owner.log { ContainerEvent(reused ? .reused : .built, entry: entry) }
        return value
    }

    /// Resolves `entry`: reuses what the scope allows, builds the rest.
    private func resolveUnreported<Service>(
        _ entry: AsyncEntry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox
    ) async throws(ResolutionError) -> Service {
        if path.contains(where: { $0 === entry }) {
            if let made = lock.withLock({ runningHooks[ObjectIdentifier(entry)] }) as? Service { return made }
            throw Failure.cycle(entry, path: path.map(Failure.step), acrossThreads: false)
        }
        switch entry.scope.kind {
        case .transient:
            return try await build(entry, owner: owner, path: path, arguments: arguments)
        case .graph:
            return try await graphInstance(of: entry) { () async throws(ResolutionError) in
                try await build(entry, owner: owner, path: path, arguments: arguments)
            }
        case .singleton, .cached, .weak:
            return try await shared(entry, owner: owner, path: path, arguments: arguments)
        case .request:
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
                return built.value as! Service
            case .wait:
                await waitForGraphInstance(of: entry)
            case .build:
                let instance: Service
                do {
                    instance = try await build()
                } catch {
                    finishGraphInstance(of: entry, with: nil)
                    throw error
                }
                finishGraphInstance(of: entry, with: Built(instance))
                return instance
            }
        }
    }

    /// Claims the build of `entry`'s `.graph` instance in this resolution, which is built
    /// once: by the first branch that asks (`.build`: then it calls
    /// ``finishGraphInstance(of:with:)``), in its own task, while the branches that ask
    /// meanwhile (`async let`) wait for it (`.wait`: ``waitForGraphInstance(of:)``, then they
    /// ask again). The engine's build-once machine (``BuildState``) decides; a branch never
    /// waits for its own build, because the resolution's path reports that as a cycle first.
    @usableFromInline
    func claimGraphInstance(of entry: AnyEntry) -> GraphClaim {
        let id = ObjectIdentifier(entry)
        return lock.withLock {
            let index: Int
            if let found = graphIndex(of: id) {
                if let built = graph[found].built { return .built(built) }
                index = found
            } else {
                graph.append(GraphRow(entry: id))
                index = graph.count - 1
            }
            switch graph[index].build.claim(by: (), isSameBuilder: { _, _ in false }) {
            case .build: return .build
            case .wait: return .wait
            case .reentered: preconditionFailure("a branch waited for its own .graph build")
            }
        }
    }

    /// Where `graph` holds the instance of the entry `id`. Called with `lock` held.
    private func graphIndex(of id: ObjectIdentifier) -> Int? {
        graph.lastIndex { $0.entry == id }
    }

    /// Ends the build of `entry`'s `.graph` instance that this caller claimed, with what it
    /// made (nil: it threw, and nothing is kept), and wakes the branches that wait for it.
    @usableFromInline
    func finishGraphInstance(of entry: AnyEntry, with built: Built<Any>?) {
        let id = ObjectIdentifier(entry)
        let parked: [GraphRow.Waiter] = lock.withLock {
            guard let index = graphIndex(of: id) else {
                preconditionFailure("a .graph instance's build was forgotten while it ran")
            }
            graph[index].built = built
            guard graph[index].build.finish() else { return [] }
            defer { graph[index].parked = [] }
            return graph[index].parked
        }
        for waiter in parked { waiter.resume() }
    }

    /// Waits for the build of `entry`'s `.graph` instance that another branch claimed, which
    /// counted this one as its waiter, to end.
    @usableFromInline
    func waitForGraphInstance(of entry: AnyEntry) async {
        let id = ObjectIdentifier(entry)
        await withCheckedContinuation { (waiter: GraphRow.Waiter) in
            // Parked, or answered, in one step with respect to the builder's end: a build
            // that ended since the claim (and found this waiter not parked yet) is answered
            // here, never missed.
            let ended: Bool = lock.withLock {
                guard let index = graphIndex(of: id) else {
                    preconditionFailure("a .graph instance's build was forgotten while a branch waited")
                }
                guard graph[index].build.builder != nil else { return true }
                graph[index].parked.append(waiter)
                return false
            }
            if ended { waiter.resume() }
        }
        lock.withLock {
            guard let index = graphIndex(of: id) else { return }
            graph[index].build.stopWaiting()
        }
    }

    /// Calls the factory and the hooks.
    private func build<Service>(
        _ entry: AsyncEntry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox
    ) async throws(ResolutionError) -> Service {
        let resolver = AsyncResolver(owner: owner.features.weakContainer, resolution: self, outer: path, current: entry)
        let value: Service
        do {
            value = try await entry.factory(resolver, arguments)
        } catch {
            throw Self.failure(error, of: entry, path: resolver.path)
        }
        if !entry.afterCreation.isEmpty {
            let id = ObjectIdentifier(entry)
            lock.withLock { runningHooks[id] = value }
            defer { lock.withLock { runningHooks[id] = nil } }
            for hook in entry.afterCreation {
                do {
                    try await hook(resolver, value)
                } catch let error as ResolutionError {
                    throw error
                } catch {
                    throw Failure.factoryThrew(
                        entry, path: resolver.path.map(Failure.step), underlying: error, inHook: true)
                }
            }
        }
        if case .weak = entry.scope.kind, case .notAnObject = WeakHold(value) {
            throw Failure.weakValueType(entry, valueType: type(of: value as Any), path: resolver.path.map(Failure.step))
        }
        return value
    }

    /// What a resolve reports when `entry`'s factory threw `error`, built at `path` (which
    /// ends with `entry`): a resolve of its own that failed, as it is; a binding's failed
    /// conversion; anything else, as the factory's error.
    @usableFromInline
    static func failure(_ error: any Error, of entry: AnyEntry, path: @autoclosure () -> [AnyEntry])
        -> ResolutionError
    {
        switch error {
        case let error as ResolutionError:
            return error
        case let conversion as ConversionFailure:
            return Failure.conversionFailed(entry, conversion, path: path().map(Failure.step))
        default:
            return Failure.factoryThrew(entry, path: path().map(Failure.step), underlying: error, inHook: false)
        }
    }

    /// Returns the shared instance of a `.singleton`, `.cached` or `.weak` entry, building it
    /// once: the first resolve starts the build in a task of its own, and every resolve that
    /// wants the instance meanwhile awaits that task. The build is not cancelled when a waiter
    /// is; if it throws, nothing is kept and the next resolve builds again.
    private func shared<Service>(
        _ entry: AsyncEntry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox
    ) async throws(ResolutionError) -> Service {
        let step: SharedStep<Service> = entry.slot.lock.withLock {
            if let existing = entry.currentInstance { return .ready(existing) }
            // A disposed container builds nothing more (as the synchronous path).
            if entry.asyncBuild.builder == nil && owner.lifecycle.isDisposed { return .disposed }
            let (task, started) = entry.asyncBuild.join {
                Task { [self] in
                    try await buildShared(entry, owner: owner, path: path, arguments: arguments)
                }
            }
            return started ? .await(task) : .join(task)
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
        case .await(let task):
            return try await Self.value(of: task)
        case .join(let task):
            defer { entry.slot.lock.withLock { entry.asyncBuild.stopWaiting() } }
            let waiters = try AsyncBuildCoordinator.beginWaiting(on: path, for: entry)
            defer { AsyncBuildCoordinator.endWaiting(waiters) }
            return try await Self.value(of: task)
        }
    }

    /// Builds a shared instance and keeps it as its scope says, in the task every resolve of
    /// it awaits.
    private func buildShared<Service>(
        _ entry: AsyncEntry<Service>,
        owner: Container,
        path: [AnyEntry],
        arguments: ArgumentBox
    ) async throws(ResolutionError) -> Built<Service> {
        let value: Service
        do {
            value = try await build(entry, owner: owner, path: path, arguments: arguments)
        } catch {
            entry.slot.lock.withLock { _ = entry.asyncBuild.finish() }
            throw error
        }
        owner.lifecycle.lock.withLock {
            let kept = entry.slot.lock.withLock {
                _ = entry.asyncBuild.finish()
                // A disposed container keeps nothing, and neither does a replaced registration.
                guard !owner.lifecycle.isDisposed, entry.slot.entry === entry else { return false }
                if entry.scope.isHeld {
                    entry.instance = value
                } else if case .object(let object) = WeakHold(value) {
                    entry.object = object
                }
                return true
            }
            if kept && entry.scope.isHeld { owner.lifecycle.hold(entry.slot) }
        }
        return Built(value)
    }

    /// The value of a build task, with its error as the `ResolutionError` it is.
    private static func value<Service>(of task: Task<Built<Service>, any Error>) async throws(ResolutionError)
        -> Service
    {
        do {
            return try await task.value.value
        } catch let error as ResolutionError {
            throw error
        } catch {
            preconditionFailure("a build task threw \(error), which is not a ResolutionError")
        }
    }
}

/// What a branch of an async resolution does about a `.graph` instance it needs (see
/// ``AsyncResolution/claimGraphInstance(of:)``).
@usableFromInline
enum GraphClaim {
    /// Build it, then finish it.
    case build
    /// Another branch builds it: wait for that build to end, then ask again.
    case wait
    /// It was built: this.
    case built(Built<Any>)
}

/// A `.graph` instance of an async resolution: who builds it and how many branches wait (the
/// engine's build-once machine), the branches parked until that build ends, and the instance
/// once built, which every later resolve in the resolution gets.
private struct GraphRow {
    typealias Waiter = CheckedContinuation<Void, Never>
    let entry: ObjectIdentifier
    /// A branch builds it, or nobody: the builder needs no identity, since a branch never
    /// waits for its own build.
    var build = BuildState<Void>()
    var parked: [Waiter] = []
    var built: Built<Any>?
}

/// What a resolve of a shared async instance does next.
private enum SharedStep<Service> {
    /// The instance exists.
    case ready(Service)
    /// Await the build this resolve started.
    case await(Task<Built<Service>, any Error>)
    /// Await the build another resolve started (counted as its waiter meanwhile).
    case join(Task<Built<Service>, any Error>)
    /// The container was disposed: build nothing.
    case disposed
}

/// A weak reference to a container that can cross tasks.
@usableFromInline
final class WeakContainerReference: Sendable {
    @usableFromInline weak let container: Container?
    init(_ container: Container) { self.container = container }
}
