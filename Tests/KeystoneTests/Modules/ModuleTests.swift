import Testing

@testable import Keystone

@Suite("Modules")
struct ModuleTests {
    // MARK: - Declarations

    @Test func eachDeclarationRegistersWithItsScope() throws {
        let container = Container()
        let module = Module {
            singleton { Single() }
            transient { Fresh() }
            weak { Shared() }
            scoped(.cached("session")) { Session() }
        }

        try container.load(module)

        #expect(container.resolve(Single.self) === container.resolve(Single.self))
        #expect(container.resolve(Fresh.self) !== container.resolve(Fresh.self))
        let held: Shared = container.resolve()
        #expect(container.resolve(Shared.self) === held)
        let session: Session = container.resolve()
        container.reset(.cached("session"))
        #expect(container.resolve(Session.self) !== session)
    }

    @Test func getResolvesFromTheResolutionInProgressSoGraphInstancesAreShared() throws {
        let container = Container()
        try container.load(
            Module {
                graph { Leaf() }
                transient { try Branch(leaf: get()) }
                transient { try Tree(left: get(), right: get()) }
            })

        let first: Tree = container.resolve()
        let second: Tree = container.resolve()

        #expect(first.left.leaf === first.right.leaf)
        #expect(first.left.leaf !== second.left.leaf)
    }

    @Test func aFailingGetUnwindsWithItsPath() throws {
        let container = Container()
        try container.load(Module { transient { try Branch(leaf: get()) } })

        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Branch.self) }

        #expect(error?.kind == .notRegistered)
        #expect(error?.path == ["Branch", "Leaf"])
    }

    @Test("A module factory that resolves from another container: get() there is that resolution's")
    func getInAResolutionAModuleFactoryStarts() throws {
        let outer = Container()
        let inner = Container()
        try inner.load(
            Module {
                graph { Leaf() }
                transient { try Tree(left: Branch(leaf: get()), right: Branch(leaf: get())) }
            })
        // The outer factory resolves from `inner`, a resolution of its own: each `get()` in it
        // resolves in `inner`, sharing that resolution's `.graph` leaf, not in `outer`'s.
        try outer.load(Module { transient { Forest(tree: inner.resolve()) } })
        let forest: Forest = outer.resolve()
        #expect(forest.tree.left.leaf === forest.tree.right.leaf)
        // `outer` has no `Leaf`: none of those `get()` calls looked there.
        #expect(outer.resolveOptional(Leaf.self) == nil)
    }

    @Test("get() in a register factory of a resolution that a module factory started is not that module's")
    func getInARegisterFactoryUnderAModuleFactory() throws {
        let outer = Container()
        let other = Container()
        // `outer` can resolve `ModuleOnly`; `other`'s factory asks `get()` for it, which should
        // resolve from `Container.shared` (where nothing registers it), not from the module
        // factory that started `other`'s resolution.
        try outer.load(
            Module {
                transient { ModuleOnly() }
                transient { try Wrapped(inner: other.tryResolve(UsesGet.self)) }
            })
        other.register { _ in try UsesGet(only: get()) }
        let error = #expect(throws: ResolutionError.self) { try outer.tryResolve(Wrapped.self) }
        #expect(error?.kind == .notRegistered)
        #expect(error?.path.last == "ModuleOnly")
    }

    @Test func getInAThenHookCompletesACircularReference() throws {
        let container = Container()
        try container.load(
            Module {
                singleton { Parent() }
                    .then { parent in parent.child = try get() }
                singleton { try Child(parent: get()) }
            })

        let parent: Parent = container.resolve()

        #expect(parent.child?.parent === parent)
    }

    @Test func namesAndBindsWorkAsOnRegistrations() throws {
        let container = Container()
        try container.load(
            Module {
                singleton(name: "primary") { Single() }
                    .bind(Marker.self)
                    .bind(Labelled.self) { Labelled(text: "from \(ObjectIdentifier($0))") }
            })

        let single = container.resolve(Single.self, name: "primary")

        #expect(container.resolve(Marker.self, name: "primary") as? Single === single)
        #expect(container.resolve(Labelled.self, name: "primary").text == "from \(ObjectIdentifier(single))")
        #expect(container.resolveOptional(Single.self) == nil)
    }

    @Test func aModuleCanIncludeAnotherAndUseConditions() throws {
        let base = Module { singleton { Single() } }
        let withFresh = true
        let container = Container()

        try container.load(
            Module {
                base
                if withFresh {
                    transient { Fresh() }
                } else {
                    transient { Shared() }
                }
            })

        #expect(container.resolveOptional(Single.self) != nil)
        #expect(container.resolveOptional(Fresh.self) != nil)
        #expect(container.resolveOptional(Shared.self) == nil)
    }

    @Test func declaringAModuleRegistersNothing() {
        let container = Container()
        let built = Counter()
        _ = Module {
            singleton {
                built.increment()
                return Single()
            }
        }

        #expect(container.resolveOptional(Single.self) == nil)
        #expect(built.value == 0)
    }

    // MARK: - Conflicts

    @Test func twoModulesRegisteringTheSameKeyAreReportedAndNothingIsLoaded() {
        let container = Container()
        let first = Module {
            transient { Fresh() }
            singleton { Single() }
        }
        let second = Module {
            singleton { Single() }
        }

        let error = #expect(throws: ModuleError.self) { try container.load(first, second) }

        #expect(error?.kind == .duplicateRegistration)
        #expect(error?.conflicts.count == 1)
        #expect(error?.conflicts.first?.service == "Single")
        #expect(error?.conflicts.first?.registeredAt.count == 2)
        #expect(error?.conflicts.first?.registeredAt.allSatisfy { $0.contains("ModuleTests.swift:") } == true)
        #expect(error?.description.contains("Nothing was loaded") == true)
        #expect(container.resolveOptional(Fresh.self) == nil)  // unchanged: not even the first module
    }

    @Test func aBoundTypeCountsAsAKey() {
        let container = Container()
        let first = Module { singleton { Single() }.bind(Marker.self) }
        let second = Module { transient { Fresh() }.bind(Marker.self) }

        let error = #expect(throws: ModuleError.self) { try container.load(first, second) }

        #expect(error?.conflicts.map(\.service) == ["Marker"])
    }

    @Test func aKeyAlreadyRegisteredInTheContainerIsAConflictToo() {
        let container = Container()
        container.register(Single.self) { _ in Single() }

        let error = #expect(throws: ModuleError.self) { try container.load(Module { singleton { Single() } }) }

        #expect(error?.kind == .duplicateRegistration)
        #expect(error?.conflicts.first?.registeredAt.count == 2)
    }

    @Test func sameNameTwiceConflictsButDifferentNamesDoNot() throws {
        let container = Container()
        try container.load(
            Module {
                singleton(name: "a") { Single() }
                singleton(name: "b") { Single() }
            })

        let error = #expect(throws: ModuleError.self) {
            try container.load(Module { singleton(name: "a") { Single() } })
        }

        #expect(error?.kind == .duplicateRegistration)
        #expect(error?.conflicts.first?.name == "a")
    }

    @Test func loadingAModuleTwiceIsReported() throws {
        let container = Container()
        let module = Module { singleton { Single() } }
        try container.load(module)

        let error = #expect(throws: ModuleError.self) { try container.load(module) }

        #expect(error?.kind == .alreadyLoaded)
    }

    @Test func oneModuleLoadsIntoSeveralContainers() throws {
        let module = Module { singleton { Single() } }
        let one = Container()
        let two = Container()

        try one.load(module)
        try two.load(module)

        #expect(one.resolve(Single.self) !== two.resolve(Single.self))
    }

    // MARK: - Unloading

    @Test func unloadReleasesAndDisposesSingletonsNewestFirst() throws {
        let log = EventLog()
        let container = Container()
        let module = Module {
            singleton(name: "old") { Resource("old", log: log) }
            singleton(name: "new") { Resource("new", log: log) }
        }
        try container.load(module)
        _ = container.resolve(Resource.self, name: "old")
        weak let released = container.resolve(Resource.self, name: "new")

        container.unload(module)

        #expect(log.all == ["dispose new", "dispose old"])
        #expect(released == nil)
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Resource.self, name: "old") }
        #expect(error?.kind == .notRegistered)
    }

    @Test func anUnloadedModuleCanBeLoadedAgainAndBuildsNewInstances() throws {
        let container = Container()
        let module = Module { singleton { Single() }.bind(Marker.self) }
        try container.load(module)
        let first: Single = container.resolve()

        container.unload(module)
        try container.load(module)

        #expect(container.resolve(Single.self) !== first)
        #expect(container.resolveOptional(Marker.self) != nil)
    }

    @Test func unloadLeavesOtherModulesAndLaterRegistrationsAlone() throws {
        let container = Container()
        let kept = Module { singleton { Single() } }
        let dropped = Module { transient { Fresh() } }
        try container.load(kept, dropped)
        container.register(Fresh.self, scope: .singleton) { _ in Fresh() }  // replaces the module's

        container.unload(dropped)

        #expect(container.resolveOptional(Single.self) != nil)
        #expect(container.resolve(Fresh.self) === container.resolve(Fresh.self))
    }

    @Test func afterUnloadInAChildTheParentsRegistrationAnswers() throws {
        let parent = Container()
        parent.register(Labelled.self) { _ in Labelled(text: "parent") }
        let child = Container(parent: parent)
        let module = Module { transient { Labelled(text: "child") } }
        try child.load(module)
        #expect(child.resolve(Labelled.self).text == "child")

        child.unload(module)

        #expect(child.resolve(Labelled.self).text == "parent")
    }

    // MARK: - Contributions

    @Test func contributionsFromSeveralModulesAddUpInLoadOrderAndLeaveWithTheirModule() throws {
        let container = Container()
        let core = Module {
            contribute(Labelled.self) { Labelled(text: "core 1") }
            contribute(Labelled.self, scope: .singleton) { Labelled(text: "core 2") }
        }
        let feature = Module {
            contribute(Labelled.self) { Labelled(text: "feature") }
        }

        try container.load(core, feature)
        #expect(container.resolveAll(Labelled.self).map(\.text) == ["core 1", "core 2", "feature"])

        container.unload(core)
        #expect(container.resolveAll(Labelled.self).map(\.text) == ["feature"])
    }

    // MARK: - Global helpers

    @Test func startLoadsIntoTheSharedContainerAndGetReadsItOutsideModules() throws {
        try Container.start {
            Module { singleton { StartedService() } }
        }

        let service: StartedService = try get()

        #expect(service === Container.shared.resolve(StartedService.self))
    }

    @Test func startSetsTheLoggerFirstSoItSeesTheModulesRegistrations() throws {
        let container = Container()
        let recorder = EventRecorder()
        try Container.withShared(container) {
            try Container.start(logger: recorder) {
                Module { singleton(name: "logged") { StartedService() } }
            }
        }

        #expect(container.logger is EventRecorder)
        #expect(recorder.all.map(\.kind) == [.registered])
        #expect(recorder.all.first?.name == "logged")
    }

    /// The race the next test provokes, made deterministic: the lookup missed, and by the
    /// time the diagnostic lists the registrations, a `load` has added that very key.
    @Test func aMissThatRacedWithALoadOfTheSameKeyIsStillNotRegistered() throws {
        let container = Container()
        try container.load(Module { singleton { Single() } })
        let candidates = container.registrations(of: ObjectIdentifier(Single.self))

        let error = Failure.missing(
            service: Single.self, name: nil, arguments: Void.self, path: ["Single"], candidates: candidates)

        #expect(error.kind == .notRegistered)
    }

    @Test("Threads resolving a module's services at once build its singleton once, each get() in its own resolution")
    func concurrentModuleResolves() throws {
        let threads = 8
        let builds = Counter()
        let arrived = Gate(expected: threads)
        let container = Container()
        try container.load(
            Module {
                singleton {
                    builds.increment()
                    arrived.waitForAll()  // every thread is resolving before the singleton exists
                    return Leaf()
                }
                transient { try Branch(leaf: get()) }
                transient { try Tree(left: get(), right: get()) }
            })
        let results = ResultBox<Tree>()

        onThreads(threads) { _ in
            arrived.arrive()
            results.append(try? container.tryResolve(Tree.self))
        }

        let trees = results.all.compactMap { $0 }
        #expect(trees.count == threads)
        #expect(builds.value == 1)
        #expect(trees.allSatisfy { $0.left.leaf === trees[0].left.leaf && $0.right.leaf === trees[0].left.leaf })
    }

    @Test("Resolves racing with load and unload see each registration whole")
    func resolvesRacingWithLoadAndUnload() {
        let container = Container()
        let module = Module { singleton { Single() }.bind(Marker.self) }
        let failures = Counter()
        onThreads(4) { index in
            for _ in 0..<200 {
                if index == 0 {
                    try? container.load(module)
                    container.unload(module)
                } else {
                    do throws(ResolutionError) {
                        _ = try container.tryResolve(Marker.self)
                    } catch  where error.kind != .notRegistered {
                        failures.increment()
                    } catch {}
                }
            }
        }
        #expect(failures.value == 0)
    }

    /// `unload` from a contribution's factory: the module goes while `resolveAll` builds one of
    /// its contributions, before it reaches the next one.
    @Test("A module unloaded while resolveAll builds its contribution is left out of the answer")
    func unloadedWhileResolvingAll() throws {
        let container = Container()
        let weakContainer = WeakContainerReference(container)
        let leaving = ModuleBox()
        // The module's factory reaches the module through the box: let go of it at the end, so
        // that the two do not keep each other alive.
        defer { leaving.module = nil }
        leaving.module = Module {
            contribute(Labelled.self) {
                if let module = leaving.module { weakContainer.container?.unload(module) }
                return Labelled(text: "leaving, built")
            }
            contribute(Labelled.self) { Labelled(text: "leaving, not reached") }
        }
        let staying = Module { contribute(Labelled.self) { Labelled(text: "staying") } }
        try container.load(try #require(leaving.module), staying)

        let all = try container.tryResolveAll(Labelled.self)
        #expect(all.map(\.text) == ["leaving, built", "staying"])

        // The same through a factory's resolver.
        try container.load(try #require(leaving.module))
        container.register(Board.self) { r in try Board(r.resolveAll()) }
        let board = try container.tryResolve(Board.self)
        #expect(board.labels.map(\.text) == ["staying", "leaving, built"])
    }

    /// A resolve made the moment a module's singleton becomes visible: the logger's report of
    /// its registration, which runs on the loading thread with no lock held, resolves it then.
    @Test("A module's registration becomes visible with its hooks: the first instance runs its then hook")
    func aRegistrationBecomesVisibleWithItsHooks() throws {
        let container = Container()
        let early = ResultBox<Hooked>()
        container.logger = ResolvingOnRegistration(container: WeakContainerReference(container), resolved: early)
        let module = Module {
            singleton { Hooked() }
                .then { $0.hookRuns.increment() }
                .onDispose { $0.disposeRuns.increment() }
        }

        try container.load(module)

        let first = try #require(early.all.first ?? nil)
        #expect(first.hookRuns.value == 1)
        let kept: Hooked = container.resolve()
        #expect(kept === first)
        container.unload(module)
        #expect(first.hookRuns.value == 1)
        #expect(first.disposeRuns.value == 1)
    }
}

// MARK: - Fixtures

extension ModuleTests {
    protocol Marker: AnyObject {}
    final class Single: Marker {}
    final class Fresh: Marker {}
    final class Shared {}
    final class Session {}
    final class StartedService: Sendable {}

    final class Leaf {}
    final class Branch {
        let leaf: Leaf
        init(leaf: Leaf) { self.leaf = leaf }
    }
    final class Tree {
        let left: Branch
        let right: Branch
        init(left: Branch, right: Branch) {
            self.left = left
            self.right = right
        }
    }

    final class Parent {
        var child: Child?
    }
    final class Child {
        weak var parent: Parent?
        init(parent: Parent) { self.parent = parent }
    }

    struct Labelled: Sendable {
        let text: String
    }

    struct Board {
        let labels: [Labelled]
        init(_ labels: [Labelled]) { self.labels = labels }
    }

    final class Forest {
        let tree: Tree
        init(tree: Tree) { self.tree = tree }
    }

    /// Registered only in a module, so that `Container.shared` never has it.
    final class ModuleOnly: Sendable {}

    final class UsesGet: Sendable {
        let only: ModuleOnly
        init(only: ModuleOnly) { self.only = only }
    }

    final class Wrapped: Sendable {
        let inner: UsesGet
        init(inner: UsesGet) { self.inner = inner }
    }

    /// A module that its own declarations refer to, set once it is made.
    final class ModuleBox: @unchecked Sendable {  // `lock` guards `stored`.
        private let lock = Lock()
        private var stored: Module?
        var module: Module? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    final class Hooked: Sendable {
        let hookRuns = Counter()
        let disposeRuns = Counter()
    }

    /// Resolves `Hooked` from its container as soon as it reports its registration.
    struct ResolvingOnRegistration: ContainerLogger {
        let container: WeakContainerReference
        let resolved: ResultBox<Hooked>
        func log(_ event: ContainerEvent) {
            guard event.kind == .registered, event.service == "Hooked", let container = container.container else {
                return
            }
            resolved.append(try? container.tryResolve(Hooked.self))
        }
    }
}
