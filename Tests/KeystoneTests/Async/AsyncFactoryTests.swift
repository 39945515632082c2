import Testing

@testable import Keystone

/// A database that takes a while to open.
final class AsyncDatabase: Sendable, Disposable {
    let log: EventLog?
    init(log: EventLog? = nil) { self.log = log }
    func dispose() { log?.append("close database") }
}
/// What `AsyncDatabase` is also resolved as, through `bind`.
protocol AsyncStore: Sendable {}
extension AsyncDatabase: AsyncStore {}
/// A type `AsyncDatabase` does not conform to.
protocol AsyncCache: Sendable {}
final class AsyncLabel: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

final class AsyncRepository: Sendable {
    let database: AsyncDatabase
    let client: Plain
    init(database: AsyncDatabase, client: Plain) {
        self.database = database
        self.client = client
    }
}
final class AsyncLeaf: Sendable {}
final class AsyncLeft: Sendable {
    let leaf: AsyncLeaf
    init(leaf: AsyncLeaf) { self.leaf = leaf }
}
final class AsyncRight: Sendable {
    let leaf: AsyncLeaf
    init(leaf: AsyncLeaf) { self.leaf = leaf }
}
final class AsyncTop: Sendable {
    let left: AsyncLeft
    let right: AsyncRight
    init(left: AsyncLeft, right: AsyncRight) {
        self.left = left
        self.right = right
    }
}
final class AsyncCycleA: Sendable {
    init(_ b: AsyncCycleB) {}
}
final class AsyncCycleB: Sendable {
    init(_ a: AsyncCycleA) {}
}

/// Yields until `condition` holds, at most `limit` times: a bounded way to let other tasks
/// reach a point without sleeping.
func yield(until condition: () -> Bool, limit: Int = 100_000) async {
    var spins = 0
    while !condition() && spins < limit {
        await Task.yield()
        spins += 1
    }
}

/// The kind of the error `body` throws, or nil if it returns.
func failureKind<T>(_ body: () async throws -> T) async -> ResolutionError.Kind? {
    do {
        _ = try await body()
        return nil
    } catch {
        return (error as? ResolutionError)?.kind
    }
}

@Suite("Async factories", .timeLimit(.minutes(1)))
struct AsyncFactoryTests {
    @Test("100 concurrent resolves of one async singleton build it once")
    func exactlyOnce() async throws {
        let builds = Counter()
        let started = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            builds.increment()
            await yield(until: { started.value == 100 })  // every task is waiting before it ends
            return AsyncDatabase()
        }
        let instances = try await withThrowingTaskGroup(of: AsyncDatabase.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    started.increment()
                    return try await container.resolveAsync(AsyncDatabase.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(builds.value == 1)
        #expect(instances.count == 100)
        #expect(instances.allSatisfy { $0 === instances[0] })
    }

    @Test("bind on an async registration: the bound type shares the instance, built once")
    func bindShares() async throws {
        let builds = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            builds.increment()
            await Task.yield()
            return AsyncDatabase()
        }
        .bind(AsyncStore.self)
        .bind(String.self) { _ in "database" }
        let stores = try await withThrowingTaskGroup(of: AsyncStore.self) { group in
            for _ in 0..<8 { group.addTask { try await container.resolveAsync(AsyncStore.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let database = try await container.resolveAsync(AsyncDatabase.self)
        #expect(stores.allSatisfy { $0 as AnyObject === database })
        #expect(builds.value == 1)
        #expect(try await container.resolveAsync(String.self) == "database")
        // As for any async registration, a synchronous resolve is refused with the reason.
        let sync = #expect(throws: ResolutionError.self) { try container.tryResolve(AsyncStore.self) }
        #expect(sync?.kind == .asyncOnly)
    }

    @Test("bind on an async registration with a name and arguments: the bound type takes them too")
    func bindWithNameAndArguments() async throws {
        let container = Container()
        container.register(AsyncLabel.self, name: "remote", scope: .transient) { (_: AsyncResolver, label: String) in
            await Task.yield()
            return AsyncLabel(label: label)
        }
        .bind(String.self) { made in made.label }
        #expect(try await container.resolveAsync(String.self, name: "remote", arguments: "notes") == "notes")
        let unnamed = await #expect(throws: ResolutionError.self) {
            try await container.resolveAsync(String.self, arguments: "notes")
        }
        #expect(unnamed?.kind == .notRegistered)
    }

    @Test("bind on an async registration to a type it does not conform to: conversionFailed, never a crash")
    func bindFailedCast() async throws {
        let container = Container()
        let line = #line + 1
        container.register(AsyncDatabase.self, scope: .singleton) { _ in AsyncDatabase() }.bind(AsyncCache.self)
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncCache.self) }
        #expect(error?.kind == .conversionFailed)
        #expect(error?.description.contains("Cannot convert `AsyncDatabase` to `AsyncCache`") == true)
        #expect(error?.description.contains("KeystoneTests/AsyncFactoryTests.swift:\(line)") == true)
        // A converter's own error is its underlying error.
        container.register(Int.self, scope: .transient) { _ in 1 }.bind(String.self) { _ in throw Broken() }
        let converted = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(String.self) }
        #expect(converted?.kind == .conversionFailed)
        #expect(converted?.underlying is Broken)
    }

    @Test("A throwing async factory keeps nothing; the next resolve builds again")
    func throwingFactory() async throws {
        let attempts = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            if attempts.increment() == 1 { throw Broken() }
            return AsyncDatabase()
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncDatabase.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is Broken)
        let first = try await container.resolveAsync(AsyncDatabase.self)
        #expect(try await container.resolveAsync(AsyncDatabase.self) === first)
        #expect(attempts.value == 2)
    }

    @Test("Cancelling a waiting task does not cancel the build for the others")
    func cancellation() async throws {
        let release = Counter()
        let buildSawCancellation = Counter()
        let started = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            started.increment()
            await yield(until: { release.value > 0 }, limit: 10_000_000)
            if Task.isCancelled { buildSawCancellation.increment() }
            return AsyncDatabase()
        }
        let building = Task { try await container.resolveAsync(AsyncDatabase.self) }
        await yield(until: { started.value == 1 })
        let cancelled = Task { try await container.resolveAsync(AsyncDatabase.self) }
        let other = Task { try await container.resolveAsync(AsyncDatabase.self) }
        await yield(until: { Self.parkedWaiters(of: AsyncDatabase.self, in: container) == 2 }, limit: 10_000_000)
        #expect(Self.parkedWaiters(of: AsyncDatabase.self, in: container) == 2)
        cancelled.cancel()
        release.increment()
        let database = try await building.value
        #expect(try await other.value === database)
        #expect(try await cancelled.value === database)
        #expect(buildSawCancellation.value == 0)
        #expect(started.value == 1)
    }

    @Test("Cancelling the task that builds reaches its factory; a resolve that waited builds again")
    func cancellingTheBuilder() async throws {
        let release = Counter()
        let started = Counter()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            started.increment()
            await yield(until: { release.value > 0 }, limit: 10_000_000)
            try Task.checkCancellation()
            return AsyncDatabase()
        }
        let building = Task { try await container.resolveAsync(AsyncDatabase.self) }
        await yield(until: { started.value == 1 })
        let waiting = Task { try await container.resolveAsync(AsyncDatabase.self) }
        await yield(until: { Self.parkedWaiters(of: AsyncDatabase.self, in: container) == 1 }, limit: 10_000_000)
        #expect(Self.parkedWaiters(of: AsyncDatabase.self, in: container) == 1)
        building.cancel()
        release.increment()
        let error = await #expect(throws: ResolutionError.self) { try await building.value }
        #expect(error?.underlying is CancellationError)
        // The build failed, so it kept nothing; the resolve that waited built the instance.
        let database = try await waiting.value
        #expect(started.value == 2)
        #expect(try await container.resolveAsync(AsyncDatabase.self) === database)
    }

    /// How many resolves wait, parked, for the build of `type`'s async registration.
    private static func parkedWaiters<Service>(of type: Service.Type, in container: Container) -> Int {
        guard let slot = container.registry.slot(for: RegistryKey(Service.self, name: nil, arguments: Void.self)),
            let entry = slot.lock.withLock({ slot.entry }) as? Entry<Service>
        else { return -1 }
        return slot.lock.withLock { entry.asyncBuild.parkedWaiters }
    }

    @Test("Async and synchronous registrations depend on each other where that is sound")
    func mixed() async throws {
        let container = Container()
        container.register(Plain.self, scope: .singleton) { _ in Plain() }
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            await Task.yield()
            return AsyncDatabase()
        }
        container.register { r in try await AsyncRepository(database: r.resolve(), client: r.resolve()) }
        let repository: AsyncRepository = try await container.resolveAsync()
        #expect(try repository.client === container.tryResolve(Plain.self))
        #expect(try await container.resolveAsync(AsyncDatabase.self) === repository.database)
        let client: Plain = try await container.resolveAsync()
        #expect(client === repository.client)
    }

    @Test("A synchronous resolve of an async service says so, with the path")
    func syncResolveOfAsync() throws {
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            await Task.yield()
            return AsyncDatabase()
        }
        container.register(Storage.self) { r in
            _ = try r.resolve(AsyncDatabase.self)
            return DiskStorage(client: LiveAPIClient())
        }
        let direct = try #require(throws: ResolutionError.self) { try container.tryResolve(AsyncDatabase.self) }
        #expect(direct.kind == .asyncOnly)
        #expect(direct.description.contains("resolveAsync"))
        let nested = try #require(throws: ResolutionError.self) { try container.tryResolve(Storage.self) }
        #expect(nested.kind == .asyncOnly)
        #expect(nested.path == ["Storage", "AsyncDatabase"])
    }

    @Test("The graph scope is shared within one async resolution")
    func graph() async throws {
        let container = Container()
        registerBranches(in: container)
        container.register { _ in
            await Task.yield()
            return AsyncLeaf()
        }
        let first: AsyncTop = try await container.resolveAsync()
        let second: AsyncTop = try await container.resolveAsync()
        #expect(first.left.leaf === first.right.leaf)
        #expect(first.left.leaf !== second.left.leaf)
    }

    @Test("A cycle of async factories is an error with its path")
    func cycle() async throws {
        let container = Container()
        container.register { r in try await AsyncCycleA(r.resolve()) }
        container.register { r in try await AsyncCycleB(r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncCycleA.self) }
        #expect(error?.kind == .cycle)
        #expect(error?.path == ["AsyncCycleA", "AsyncCycleB", "AsyncCycleA"])
    }

    @Test("Two tasks building each other's async singletons get a cycle error, not a hang")
    func crossTaskCycle() async throws {
        let started = Counter()
        let container = Container()
        container.register(scope: .singleton) { r in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await AsyncCycleA(r.resolve())
        }
        container.register(scope: .singleton) { r in
            started.increment()
            await yield(until: { started.value == 2 })
            return try await AsyncCycleB(r.resolve())
        }
        async let a = failureKind { try await container.resolveAsync(AsyncCycleA.self) }
        async let b = failureKind { try await container.resolveAsync(AsyncCycleB.self) }
        let kinds: [ResolutionError.Kind?] = await [a, b]
        #expect(kinds == [.cycle, .cycle])
    }

    @Test("Async singletons are disposed with the container, and reset rebuilds them")
    func disposal() async throws {
        let log = EventLog()
        let container = Container()
        container.register(AsyncDatabase.self, scope: .cached("session")) { _ in AsyncDatabase(log: log) }
            .onDispose { _ in log.append("hook") }
        let first = try await container.resolveAsync(AsyncDatabase.self)
        container.reset(.cached("session"))
        #expect(log.all == ["close database", "hook"])
        let second = try await container.resolveAsync(AsyncDatabase.self)
        #expect(second !== first)
        container.dispose()
        #expect(log.all == ["close database", "hook", "close database", "hook"])
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncDatabase.self) }
        #expect(error?.kind == .disposed)
    }

    @Test("Runtime arguments and then-hooks work with async factories")
    func argumentsAndHooks() async throws {
        let log = EventLog()
        let container = Container()
        container.register(scope: .transient) { (_, title: String, page: Int) in
            await Task.yield()
            return Game(title: "\(title) \(page)")
        }
        container.register(AsyncDatabase.self, scope: .singleton) { _ in AsyncDatabase() }
            .then { _, _ in log.append("migrated") }
        #expect(try await container.resolveAsync(Game.self, arguments: "Go", 3) == Game(title: "Go 3"))
        _ = try await container.resolveAsync(AsyncDatabase.self)
        _ = try await container.resolveAsync(AsyncDatabase.self)
        #expect(log.all == ["migrated"])
    }

    @Test("verify() lists async registrations as not checked, and reports sync factories that need them")
    func verification() {
        let container = Container()
        container.register(AsyncDatabase.self, scope: .singleton) { _ in
            await Task.yield()
            return AsyncDatabase()
        }
        container.register(Storage.self) { r in
            _ = try r.resolve(AsyncDatabase.self)
            return DiskStorage(client: LiveAPIClient())
        }
        let report = container.verify()
        #expect(report.unchecked.map(\.registration) == ["`AsyncDatabase`"])
        #expect(report.problems.map(\.kind) == [.asyncDependency])
        #expect(report.problems.first?.path == ["Storage", "AsyncDatabase"])
    }

    /// An async factory written as a function of the app's, for `registersEachFactoryShape`.
    static func openDatabase(_ r: AsyncResolver) async throws -> AsyncDatabase {
        await Task.yield()
        return AsyncDatabase()
    }

    @Test("An async factory registers in each shape users write it, with or without arguments")
    func registersEachFactoryShape() async throws {
        let container = Container()
        // A closure literal that awaits: the async form with no arguments.
        let literal = container.register(AsyncLabel.self, name: "literal") { _ in
            await Task.yield()
            return AsyncLabel(label: "literal")
        }
        // The same with its parameter's type written out.
        container.register(AsyncLabel.self, name: "typed") { (_: AsyncResolver) async in AsyncLabel(label: "typed") }
        // A closure held in a value, and a function.
        let stored: @Sendable (AsyncResolver) async throws -> AsyncLabel = { _ in AsyncLabel(label: "stored") }
        container.register(AsyncLabel.self, name: "stored", factory: stored)
        container.register(AsyncDatabase.self, scope: .singleton, factory: Self.openDatabase)
        // With arguments: the variadic form.
        container.register(AsyncLabel.self, name: "argument") { (_, text: String) async in AsyncLabel(label: text) }
        // A closure that does not await stays synchronous.
        let synchronous = container.register(Plain.self) { _ in Plain() }

        #expect(type(of: literal) == AsyncRegistration<AsyncLabel>.self)
        #expect(type(of: synchronous) == Registration<Plain>.self)
        for name in ["literal", "typed", "stored"] {
            #expect(try await container.resolveAsync(AsyncLabel.self, name: Name(name)).label == name)
            let error = #expect(throws: ResolutionError.self) {
                try container.tryResolve(AsyncLabel.self, name: Name(name))
            }
            #expect(error?.kind == .asyncOnly)
        }
        #expect(
            try await container.resolveAsync(AsyncLabel.self, name: "argument", arguments: "given").label == "given")
        let database = try await container.resolveAsync(AsyncDatabase.self)
        #expect(try await container.resolveAsync(AsyncDatabase.self) === database)
        #expect(container.registration(for: AsyncLabel.self, name: "literal")?.isAsync == true)
    }
}
