import Testing

@testable import Keystone

/// Where an async factory keeps its resolver.
private final class KeptResolver: @unchecked Sendable {  // `lock` guards `stored`.
    private let lock = Lock()
    private var stored: AsyncResolver?
    var resolver: AsyncResolver? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A service whose factory keeps its resolver, to resolve with it later.
private final class Keeper: Sendable {}

/// An `AsyncResolver` that a factory keeps and uses after the resolve that handed it out has
/// returned starts a resolution of its own, as a stored `Resolver` does: its old path is no
/// cycle, and the ended resolution's `.graph` instances are not handed out again.
@Suite("Async resolvers kept past their resolution", .timeLimit(.minutes(1)))
struct AsyncKeptResolverTests {
    /// Registers `Keeper` in `scope`, its factory keeping its resolver in `kept`; with a hook
    /// when `hooked`, so that the resolve takes the resolution's full path rather than the short
    /// one of a plain registration.
    private func registerKeeper(in container: Container, scope: Scope, hooked: Bool, kept: KeptResolver) {
        let registration = container.register(Keeper.self, scope: scope) { r in
            kept.resolver = r
            await Task.yield()
            return Keeper()
        }
        if hooked { registration.then { _, _ in } }
    }

    @Test(
        "A kept resolver resolves its own registration again: no cycle",
        arguments: [(Scope.transient, false), (.transient, true), (.graph, false), (.singleton, false)])
    func ownRegistration(scope: Scope, hooked: Bool) async throws {
        let kept = KeptResolver()
        defer { kept.resolver = nil }  // the factory captures `kept`: no cycle left behind
        let container = Container()
        registerKeeper(in: container, scope: scope, hooked: hooked, kept: kept)
        let first: Keeper = try await container.resolveAsync()
        let resolver = try #require(kept.resolver)
        let again: Keeper = try await resolver.resolve()
        #expect((again === first) == (scope == .singleton))
    }

    @Test("A kept resolver's graph instances are new for each resolve, synchronous and async ones")
    func graphInstances() async throws {
        let kept = KeptResolver()
        defer { kept.resolver = nil }  // the factory captures `kept`: no cycle left behind
        let container = Container()
        registerKeeper(in: container, scope: .transient, hooked: false, kept: kept)
        container.register { _ in AsyncLeaf() }  // synchronous, `.graph`
        container.register { r in try await AsyncLeft(leaf: r.resolve()) }  // async, `.graph`
        _ = try await container.resolveAsync(Keeper.self)
        let resolver = try #require(kept.resolver)
        let firstLeaf: AsyncLeaf = try await resolver.resolve()
        let secondLeaf: AsyncLeaf = try await resolver.resolve()
        let firstLeft: AsyncLeft = try await resolver.resolve()
        let secondLeft: AsyncLeft = try await resolver.resolve()
        #expect(firstLeaf !== secondLeaf)
        #expect(firstLeft !== secondLeft)
        #expect(firstLeft.leaf !== firstLeaf)
    }

    @Test("A kept resolver's failure names the path of its own resolution")
    func failurePath() async throws {
        let kept = KeptResolver()
        defer { kept.resolver = nil }  // the factory captures `kept`: no cycle left behind
        let container = Container()
        registerKeeper(in: container, scope: .transient, hooked: true, kept: kept)
        _ = try await container.resolveAsync(Keeper.self)
        let resolver = try #require(kept.resolver)
        let error = await #expect(throws: ResolutionError.self) { try await resolver.resolve(AsyncLeaf.self) }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["AsyncLeaf"])
    }

    @Test("A kept resolver's optional and collection resolves answer as in a resolution of their own")
    func optionalAndCollection() async throws {
        let kept = KeptResolver()
        defer { kept.resolver = nil }  // the factory captures `kept`: no cycle left behind
        let container = Container()
        registerKeeper(in: container, scope: .transient, hooked: false, kept: kept)
        container.contribute(AsyncLeaf.self) { _ in AsyncLeaf() }
        _ = try await container.resolveAsync(Keeper.self)
        let resolver = try #require(kept.resolver)
        #expect(try await resolver.resolveOptional(AsyncRight.self) == nil)
        #expect(try await resolver.resolveAll(AsyncLeaf.self).count == 1)
    }

    @Test("A graph instance that keeps its resolver is let go with the rest of the graph")
    func graphInstanceKeepingItsResolver() async throws {
        let container = Container()
        container.register { r in
            await Task.yield()
            return ResolverHolder(resolver: r)
        }
        container.register(scope: .transient) { r in try await HolderOwner(holder: r.resolve()) }
        weak var holder: ResolverHolder?
        do {
            let owner: HolderOwner = try await container.resolveAsync()
            holder = owner.holder
            #expect(holder != nil)
        }
        #expect(holder == nil)
    }

    @Test(
        "A shared instance that keeps its resolver goes with its container, disposed or not",
        arguments: [true, false])
    func sharedInstanceKeepingItsResolver(disposed: Bool) async throws {
        weak var holder: ResolverHolder?
        do {
            let container = Container()
            container.register(scope: .singleton) { r in
                await Task.yield()
                return ResolverHolder(resolver: r)
            }
            holder = try await container.resolveAsync(ResolverHolder.self)
            #expect(holder != nil)
            if disposed { container.dispose() }
        }
        #expect(holder == nil)
    }

    @Test("A resolver handed to a task of its own keeps resolving while its resolution ends")
    func handedToATask() async throws {
        let container = Container()
        container.register { _ in AsyncLeaf() }
        let background = TaskBox()
        defer { background.task = nil }  // the factory captures `background`: no cycle left behind
        container.register(Keeper.self, scope: .transient) { r in
            // Resolves its own registration's dependencies, and the registration itself, on a
            // task of its own, which runs on while the resolve that handed it out ends.
            background.task = Task {
                var resolved = 0
                for _ in 0..<200 {
                    let _: AsyncLeaf = try await r.resolve()
                    resolved += 1
                }
                return resolved
            }
            await Task.yield()
            return Keeper()
        }
        _ = try await container.resolveAsync(Keeper.self)
        let task = try #require(background.task)
        #expect(try await task.value == 200)
    }
}

/// A `.graph` service that keeps the resolver its factory was handed.
private final class ResolverHolder: Sendable {
    let resolver: AsyncResolver
    init(resolver: AsyncResolver) { self.resolver = resolver }
}
/// What needs a `ResolverHolder`, so that the holder is a nested `.graph` instance.
private final class HolderOwner: Sendable {
    let holder: ResolverHolder
    init(holder: ResolverHolder) { self.holder = holder }
}

/// Where a factory leaves the task it started.
private final class TaskBox: @unchecked Sendable {  // `lock` guards `stored`.
    private let lock = Lock()
    private var stored: Task<Int, any Error>?
    var task: Task<Int, any Error>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
