import Testing

@testable import Keystone

final class AwaitedOuter: Sendable {
    let middle: AwaitedMiddle
    init(middle: AwaitedMiddle) { self.middle = middle }
}
final class AwaitedMiddle: Sendable {
    let inner: AwaitedInner
    init(inner: AwaitedInner) { self.inner = inner }
}
final class AwaitedInner: Sendable {}
final class AwaitedLoopA: Sendable {
    init(_ b: AwaitedLoopB) {}
}
final class AwaitedLoopB: Sendable {
    init(_ a: AwaitedLoopA) {}
}
final class AwaitedSettings: Sendable {}
final class AwaitedScreen: Sendable {
    let settings: AwaitedSettings
    init(settings: AwaitedSettings) { self.settings = settings }
}
struct AwaitedFailure: Error {}

/// Keeps the resolver an async factory was handed, to resolve with after its resolve ended.
final class KeptAsyncResolver: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `stored`.
    private let lock = Lock()
    private var stored: AsyncResolver?
    var resolver: AsyncResolver? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Registers `AsyncTop`, whose factory resolves `AsyncLeft` and `AsyncRight` in two branches
/// (`async let`), each of which needs an `AsyncLeaf` (left to the caller to register): the
/// shape in which two branches of one resolution ask for the same `.graph` instance.
func registerBranches(in container: Container, scope: Scope? = nil) {
    container.register(scope: scope) { r in
        async let left: AsyncLeft = r.resolve()
        async let right: AsyncRight = r.resolve()
        return try await AsyncTop(left: left, right: right)
    }
    container.register(scope: scope) { r in try await AsyncLeft(leaf: r.resolve()) }
    container.register(scope: scope) { r in try await AsyncRight(leaf: r.resolve()) }
}

/// The awaited resolves that skip the resolution's frames (a built instance read without a
/// lock; a `.transient` or top-level `.graph` async registration with no hooks, whose factory
/// is called straight from the resolve) answer and fail as the full path does.
@Suite("Awaited resolves: the short paths", .timeLimit(.minutes(1)))
struct AsyncShortPathTests {
    @Test("Each top-level resolve of a default-scope async registration builds a new instance")
    func graphAtTheTop() async throws {
        let container = Container()
        container.register { _ in AwaitedInner() }
        let first: AwaitedInner = try await container.resolveAsync()
        let second: AwaitedInner = try await container.resolveAsync()
        #expect(first !== second)
    }

    @Test("A cycle of async transients is an error with its path, not a recursion without end")
    func transientCycle() async throws {
        let container = Container()
        container.register(scope: .transient) { r in try await AwaitedLoopA(r.resolve()) }
        container.register(scope: .transient) { r in try await AwaitedLoopB(r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AwaitedLoopA.self) }
        #expect(error?.kind == .cycle)
        #expect(error?.path == ["AwaitedLoopA", "AwaitedLoopB", "AwaitedLoopA"])
    }

    @Test("A nested async factory that throws is reported with the whole path")
    func nestedFailure() async throws {
        let container = Container()
        container.register { r in try await AwaitedOuter(middle: r.resolve()) }
        container.register(scope: .transient) { r in try await AwaitedMiddle(inner: r.resolve()) }
        container.register(AwaitedInner.self, scope: .transient) { (_: AsyncResolver) async throws in
            throw AwaitedFailure()
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AwaitedOuter.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.path == ["AwaitedOuter", "AwaitedMiddle", "AwaitedInner"])
        #expect(error?.underlying is AwaitedFailure)
    }

    @Test("An async factory gets the built singleton the container gives, its own or its parent's")
    func builtSingletons() async throws {
        let app = Container()
        app.register(scope: .singleton) { _ in AwaitedSettings() }
        let child = Container(parent: app)
        child.register(scope: .transient) { r in try await AwaitedScreen(settings: r.resolve()) }
        app.register(scope: .transient) { r in try await AwaitedScreen(settings: r.resolve()) }
        let settings: AwaitedSettings = app.resolve()
        let fromChild: AwaitedScreen = try await child.resolveAsync()
        let fromApp: AwaitedScreen = try await app.resolveAsync()
        #expect(fromChild.settings === settings)
        #expect(fromApp.settings === settings)
    }

    @Test("An awaited resolve reuses the resolution of one that ended, empty, unless a resolver of it was kept")
    func resolutionReused() async throws {
        let container = Container()
        container.register(scope: .transient) { r in
            // The same `.graph` instance twice in one resolution: the resolution keeps a row.
            let inner: AwaitedInner = try await r.resolve()
            #expect(try await r.resolve(AwaitedInner.self) === inner)
            return AwaitedMiddle(inner: inner)
        }
        container.register { _ in AwaitedInner() }
        let spare = PublishedObject<ResolutionContext>(container.registry.spareAwaitedContextWord)
        #expect(spare.existing == nil)

        let first: AwaitedMiddle = try await container.resolveAsync()
        // Identified, not held: a reference here would keep it from being given back. The
        // container's word or the resolve using it keeps it alive meanwhile.
        let reused = try ObjectIdentifier(#require(spare.existing))
        #expect(spare.existing?.hasEnded == false)
        let second: AwaitedMiddle = try await container.resolveAsync()
        #expect(spare.existing.map(ObjectIdentifier.init) == reused)  // taken, then given back
        #expect(second.inner !== first.inner)  // with nothing of the resolve before it

        // A factory that keeps its resolver: that resolution ends and is not given back.
        let box = KeptAsyncResolver()
        container.register(scope: .transient) { r in
            box.resolver = r
            return try await AwaitedOuter(middle: r.resolve())
        }
        _ = try await container.resolveAsync(AwaitedOuter.self)
        let kept = try #require(box.resolver)
        #expect(ObjectIdentifier(kept.resolution) == reused)
        #expect(kept.resolution.hasEnded)
        #expect(spare.existing == nil)
        let third: AwaitedMiddle = try await container.resolveAsync()
        #expect(third.inner !== second.inner)
        #expect(spare.existing != nil)
        #expect(spare.existing !== kept.resolution)
        #expect(kept.resolution.hasEnded)
        // The kept resolver holds the registration whose factory holds the box: let it go.
        box.resolver = nil
    }

    @Test("A resolver kept after its resolve ended still resolves; once the container is gone, it fails with disposed")
    func keptResolver() async throws {
        let box = KeptAsyncResolver()
        var container: Container? = Container()
        container?.register(scope: .transient) { r in
            box.resolver = r
            return AwaitedMiddle(inner: AwaitedInner())
        }
        container?.register(scope: .transient) { _ in AwaitedInner() }
        _ = try await container?.resolveAsync(AwaitedMiddle.self)
        let kept = try #require(box.resolver)
        _ = try await kept.resolve(AwaitedInner.self)
        container = nil
        let error = await #expect(throws: ResolutionError.self) { try await kept.resolve(AwaitedInner.self) }
        #expect(error?.kind == .disposed)
        // The kept resolver holds the registration whose factory holds the box: let it go.
        box.resolver = nil
    }

    @Test("Many tasks resolving at once: each resolution's branches share its .graph instance, no two resolutions do")
    func concurrentResolutions() async throws {
        let container = Container()
        registerBranches(in: container, scope: .transient)
        container.register { _ in
            await Task.yield()
            return AsyncLeaf()
        }
        let leaves = try await withThrowingTaskGroup(of: [AsyncLeaf].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var leaves: [AsyncLeaf] = []
                    for _ in 0..<100 {
                        let top: AsyncTop = try await container.resolveAsync()
                        #expect(top.left.leaf === top.right.leaf)
                        leaves.append(top.left.leaf)
                    }
                    return leaves
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(leaves.map(ObjectIdentifier.init)).count == 800)
    }

    @Test("Branches that ask for a .graph instance while another builds it wait for that build")
    func branchesWait() async throws {
        let builds = Counter()
        let container = Container()
        registerBranches(in: container)
        container.register { _ in
            builds.increment()
            for _ in 0..<100 { await Task.yield() }
            return AsyncLeaf()
        }
        let top: AsyncTop = try await container.resolveAsync()
        #expect(top.left.leaf === top.right.leaf)
        #expect(builds.value == 1)
    }

    @Test("A failed .graph build keeps nothing: a branch that waited builds again, as in a synchronous resolution")
    func failedGraphBuild() async throws {
        let builds = Counter()
        let container = Container()
        // Two branches of one resolution ask for the leaf; each keeps what it got, or nil.
        container.register { r in
            async let left = try? r.resolve(AsyncLeaf.self)
            async let right = try? r.resolve(AsyncLeaf.self)
            return await [left, right]
        }
        container.register(AsyncLeaf.self) { (_: AsyncResolver) async throws in
            let attempt = builds.increment()
            for _ in 0..<100 { await Task.yield() }
            if attempt == 1 { throw AwaitedFailure() }
            return AsyncLeaf()
        }
        let leaves: [AsyncLeaf?] = try await container.resolveAsync()
        // The branch whose build failed got nothing; the other, which waited for that build
        // (or asked after it), built the leaf itself instead of receiving the failure.
        #expect(builds.value == 2)
        #expect(leaves.compactMap { $0 }.count == 1)
        let again: [AsyncLeaf?] = try await container.resolveAsync()
        #expect(again.compactMap { $0 }.count == 2)
        #expect(again[0] === again[1])
        #expect(builds.value == 3)
    }

    @Test("A .graph build that fails reaches its own branch with the error and the whole path")
    func failedGraphBuildPath() async throws {
        let container = Container()
        registerBranches(in: container)
        container.register(AsyncLeaf.self) { (_: AsyncResolver) async throws in
            for _ in 0..<100 { await Task.yield() }
            throw AwaitedFailure()
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncTop.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(error?.underlying is AwaitedFailure)
        #expect(error?.path.last == "AsyncLeaf")
        #expect(error?.path.first == "AsyncTop")
    }

    @Test("resolveAsync of a synchronous registration resolves it as tryResolve does, and reports it once")
    func synchronousRegistration() async throws {
        let container = Container()
        container.register(scope: .singleton) { _ in AwaitedSettings() }
        container.register(scope: .transient) { r in AwaitedScreen(settings: try r.resolve()) }
        container.register(AwaitedInner.self, scope: .transient) { _ in throw AwaitedFailure() }
        let first: AwaitedScreen = try await container.resolveAsync()
        let second: AwaitedScreen = try await container.resolveAsync()
        #expect(first !== second)
        #expect(first.settings === second.settings)
        let recorder = EventRecorder()
        container.logger = recorder
        _ = try await container.resolveAsync(AwaitedScreen.self)
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AwaitedInner.self) }
        #expect(error?.kind == .factoryFailed)
        #expect(
            recorder.all.map { "\($0.kind) \($0.service)" } == [
                "reused AwaitedSettings", "built AwaitedScreen", "failed AwaitedInner",
            ])
    }

    @Test("A failing synchronous registration reached from an async factory or through a parent is reported once")
    func synchronousFailureReportedOnce() async throws {
        let recorder = EventRecorder()
        let parent = Container()
        parent.register(AwaitedInner.self, scope: .transient) { _ in throw AwaitedFailure() }
        parent.logger = recorder
        let child = Container(parent: parent)
        child.register { r in try await AwaitedMiddle(inner: r.resolve()) }
        child.logger = recorder
        // From an async factory: the synchronous resolution it starts does not report the
        // failure that the awaited resolve around it reports.
        await #expect(throws: ResolutionError.self) { try await child.resolveAsync(AwaitedMiddle.self) }
        // Through a parent, as `tryResolve` reports it: once, by the container asked.
        await #expect(throws: ResolutionError.self) { try await child.resolveAsync(AwaitedInner.self) }
        #expect(throws: ResolutionError.self) { try child.tryResolve(AwaitedInner.self) }
        #expect(recorder.all.filter { $0.kind == .failed }.count == 3)
    }

    @Test("A disposed container's async transient fails with disposed")
    func disposed() async throws {
        let container = Container()
        container.register(scope: .transient) { _ in AwaitedInner() }
        container.dispose()
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AwaitedInner.self) }
        #expect(error?.kind == .disposed)
    }

    @Test("With a logger, every awaited build of a plain async registration is reported, nested ones too")
    func logged() async throws {
        let recorder = EventRecorder()
        let container = Container()
        container.register { r in try await AwaitedMiddle(inner: r.resolve()) }
        container.register(scope: .transient) { _ in AwaitedInner() }
        container.logger = recorder
        _ = try await container.resolveAsync(AwaitedMiddle.self)
        _ = try await container.resolveAsync(AwaitedInner.self)
        #expect(
            recorder.all.map { "\($0.kind) \($0.service)" } == [
                "built AwaitedInner", "built AwaitedMiddle", "built AwaitedInner",
            ])
    }
}
