import Dispatch
import Foundation
import Testing

@testable import Keystone

// The stress suite: threads and tasks register, resolve every scope, reset cached
// scopes, and create and dispose child containers, all at once, for a fixed number of
// operations chosen by seeded generators. A ledger records every build, disposal and deinit
// with a logical clock; the checks at the end are invariants that hold for every
// interleaving, so that a failure is a bug and never bad luck.

/// The number of operations each worker runs, and the workers.
private enum StressSize {
    static let threads = 6
    static let tasks = 6
    static let operationsPerWorker = environmentCount("KEYSTONE_STRESS_OPERATIONS", default: 4_000)
    static let seed = environmentSeed("KEYSTONE_STRESS_SEED", default: 0x5EED_0007)
    /// The bound that turns a deadlock into a failure; generous for ThreadSanitizer.
    static let timeLimit = DispatchTimeInterval.seconds(120)
}

/// Every build, disposal and deinit of the stress services, on one logical clock.
final class StressLedger: @unchecked Sendable {  // `lock` guards every `var`.
    /// The `reset` call running on this thread or task, so that a disposal knows which
    /// reset caused it (0: none, that is `dispose()` or re-registration).
    @TaskLocal static var resetSerial = 0

    private let lock = Lock()
    private var clock = 0
    private var nextID = 0
    private var resets = 0
    private var labelOf: [Int: String] = [:]
    private var disposalCount: [Int: Int] = [:]
    private var firstDisposal: [Int: Int] = [:]
    private var disposedByReset: [Int: Int] = [:]
    private var inFlight: [String: Int] = [:]
    private var overlapping: Set<String> = []
    private var deinitCount: [String: Int] = [:]

    /// A new time on the clock.
    func tick() -> Int {
        lock.withLock {
            clock += 1
            return clock
        }
    }

    /// A serial number for a `reset` call.
    func newReset() -> Int {
        lock.withLock {
            resets += 1
            return resets
        }
    }

    /// Records the start of a build of `label`; `exclusive` builds of one label must never
    /// overlap (a shared instance is built once at a time).
    func beginBuild(_ label: String, exclusive: Bool) -> Int {
        lock.withLock {
            nextID += 1
            labelOf[nextID] = label
            if exclusive {
                inFlight[label, default: 0] += 1
                if inFlight[label]! > 1 { overlapping.insert(label) }
            }
            return nextID
        }
    }

    func endBuild(_ label: String, exclusive: Bool) {
        guard exclusive else { return }
        lock.withLock { inFlight[label]! -= 1 }
    }

    func disposed(_ id: Int) {
        let reset = Self.resetSerial
        lock.withLock {
            clock += 1
            disposalCount[id, default: 0] += 1
            if firstDisposal[id] == nil { firstDisposal[id] = clock }
            if reset != 0 { disposedByReset[id] = reset }
        }
    }

    func deinitialized(_ label: String) {
        lock.withLock { deinitCount[label, default: 0] += 1 }
    }

    /// Whether instance `id` was disposed before `time`: handing it out to a resolve that
    /// started at `time` would hand out a dead instance.
    func wasDisposed(_ id: Int, before time: Int) -> Bool {
        lock.withLock { firstDisposal[id].map { $0 < time } ?? false }
    }

    struct Summary {
        /// Labels whose exclusive builds overlapped.
        var overlapping: Set<String>
        /// Instances of labels matching the filter, with how often each was disposed.
        var disposals: [Int: Int]
        /// Build count per label.
        var builds: [String: Int]
        var deinits: [String: Int]
        /// For `label`: how many distinct resets disposed an instance of it, how many
        /// instances one reset disposed at most, and how many were disposed outside resets.
        var byReset: [String: (resets: Int, mostInOneReset: Int, outsideResets: Int)]
        /// The most times any one instance (held or replaced) was disposed.
        var mostDisposals: Int
    }

    func summary(heldLabel: (String) -> Bool) -> Summary {
        lock.withLock {
            var builds: [String: Int] = [:]
            var disposals: [Int: Int] = [:]
            var perReset: [String: [Int: Int]] = [:]
            var outside: [String: Int] = [:]
            for (id, label) in labelOf {
                builds[label, default: 0] += 1
                if heldLabel(label) { disposals[id] = disposalCount[id] ?? 0 }
                if disposalCount[id] != nil {
                    if let reset = disposedByReset[id] {
                        perReset[label, default: [:]][reset, default: 0] += 1
                    } else {
                        outside[label, default: 0] += 1
                    }
                }
            }
            var byReset: [String: (resets: Int, mostInOneReset: Int, outsideResets: Int)] = [:]
            for label in Set(perReset.keys).union(outside.keys) {
                let resets = perReset[label] ?? [:]
                byReset[label] = (resets.count, resets.values.max() ?? 0, outside[label] ?? 0)
            }
            return Summary(
                overlapping: overlapping,
                disposals: disposals,
                builds: builds,
                deinits: deinitCount,
                byReset: byReset,
                mostDisposals: disposalCount.values.max() ?? 0
            )
        }
    }
}

/// A held service: disposable, and knows what it was built from.
final class Tracked: Disposable, Sendable, StressIdentified {
    let id: Int
    let label: String
    let ledger: StressLedger
    let dependency: Tracked?

    init(id: Int, label: String, ledger: StressLedger, dependency: Tracked? = nil) {
        self.id = id
        self.label = label
        self.ledger = ledger
        self.dependency = dependency
    }

    func dispose() { ledger.disposed(id) }
}

/// A held service disposed through an `onDispose` hook instead of `Disposable`.
final class HookTracked: Sendable {
    let id: Int
    let ledger: StressLedger
    init(id: Int, ledger: StressLedger) {
        self.id = id
        self.ledger = ledger
    }
}

/// A `.weak` service that reports its deinit.
final class WeakTracked: Sendable {
    let label: String
    let ledger: StressLedger
    init(label: String, ledger: StressLedger) {
        self.label = label
        self.ledger = ledger
        _ = ledger.beginBuild(label, exclusive: true)
        ledger.endBuild(label, exclusive: true)
    }
    deinit { ledger.deinitialized(label) }
}

protocol StressIdentified: AnyObject {
    var id: Int { get }
}

final class StressPart {}

final class StressGraph {
    let first: StressPart
    let second: StressPart
    let singleton: Tracked
    init(first: StressPart, second: StressPart, singleton: Tracked) {
        self.first = first
        self.second = second
        self.singleton = singleton
    }
}

struct StressEcho: Equatable {
    let number: Int
    let text: String
}

private struct StressFailure: Error {}

/// The container under stress, its registrations, and the counters of broken expectations.
final class StressFixture: Sendable {
    let ledger = StressLedger()
    let root = Container()
    /// Expectations that failed in a worker, by description (reported after the run).
    let failures = EventLog()
    let children = Counter()

    /// Labels whose every instance the container holds, and must dispose exactly once.
    static func isHeld(_ label: String) -> Bool {
        label.hasPrefix("S") || label.hasPrefix("CA") || label.hasPrefix("CB") || label.hasPrefix("C#")
            || label.hasPrefix("fresh-held")
    }

    init() {
        let ledger = ledger
        root.register(Tracked.self, name: "S", scope: .singleton) { _ in
            Self.build("S", ledger: ledger)
        }
        root.register(Tracked.self, name: "CA", scope: .cached("a")) { r in
            try Self.build("CA", ledger: ledger, dependency: r.resolve(Tracked.self, name: "S"))
        }
        .bind((any StressIdentified).self)  // resolvable as `any StressIdentified` named "CA"
        root.register(HookTracked.self, name: "CB", scope: .cached("b")) { _ in
            let id = ledger.beginBuild("CB", exclusive: true)
            defer { ledger.endBuild("CB", exclusive: true) }
            return HookTracked(id: id, ledger: ledger)
        }
        .onDispose { $0.ledger.disposed($0.id) }
        root.register(name: "pinned", scope: .weak) { _ in WeakTracked(label: "WP", ledger: ledger) }
        root.register(name: "free", scope: .weak) { _ in WeakTracked(label: "WF", ledger: ledger) }
        root.register(scope: .graph) { _ in StressPart() }
        root.register(scope: .transient) { r in
            try StressGraph(first: r.resolve(), second: r.resolve(), singleton: r.resolve(name: "S"))
        }
        root.register(scope: .transient) { (_, number: Int, text: String) in StressEcho(number: number, text: text) }
    }

    /// Builds a `Tracked`, yielding once in the middle so that racing builds would overlap.
    static func build(_ label: String, ledger: StressLedger, dependency: Tracked? = nil) -> Tracked {
        let exclusive = !label.hasPrefix("~") && !label.hasPrefix("fresh-plain")
        let id = ledger.beginBuild(label, exclusive: exclusive)
        yieldProcessor()
        ledger.endBuild(label, exclusive: exclusive)
        return Tracked(id: id, label: label, ledger: ledger, dependency: dependency)
    }

    func fail(_ what: String) { failures.append(what) }
}

/// One worker: a function that runs operation `step` on `fixture`, chosen by the worker's
/// own generator, seeded from `seed`.
private func makeWorker(
    _ worker: Int,
    seed: UInt64,
    fixture: StressFixture,
    singleton: Tracked
) -> (_ step: Int) -> Void {
    var random = SplitMix64(seed: seed &+ UInt64(worker) &* 0x9E37_79B9)
    let root = fixture.root
    let ledger = fixture.ledger
    return { step in
        do {
            switch random.below(100) {
            case 0..<15:  // the singleton, through every flavour
                let found: Tracked
                switch random.below(3) {
                case 0: found = try root.tryResolve(name: "S")
                case 1:
                    guard let optional = root.resolveOptional(Tracked.self, name: "S") else { throw StressFailure() }
                    found = optional
                default: found = root.resolve(name: "S")
                }
                if found !== singleton { fixture.fail("a second singleton") }
            case 15..<30:  // cached scopes, directly, through the bound type and a hook
                let start = ledger.tick()
                switch random.below(3) {
                case 0:
                    let cached: Tracked = try root.tryResolve(name: "CA")
                    if cached.dependency !== singleton { fixture.fail("CA built from another singleton") }
                    if ledger.wasDisposed(cached.id, before: start) { fixture.fail("handed out a disposed CA") }
                case 1:
                    let bound = try root.tryResolve((any StressIdentified).self, name: "CA")
                    if ledger.wasDisposed(bound.id, before: start) { fixture.fail("handed out a disposed bound CA") }
                default:
                    let hooked: HookTracked = try root.tryResolve(name: "CB")
                    if ledger.wasDisposed(hooked.id, before: start) { fixture.fail("handed out a disposed CB") }
                }
            case 30..<36:  // end a cached scope
                let serial = ledger.newReset()
                StressLedger.$resetSerial.withValue(serial) {
                    root.reset(random.chance(50) ? .cached("a") : .cached("b"))
                }
            case 36..<48:  // weak: shared while held, the pinned one always
                let first: WeakTracked = try root.tryResolve(name: "free")
                let second: WeakTracked = try root.tryResolve(name: "free")
                if first !== second { fixture.fail("two live weak instances") }
                let pinned: WeakTracked = try root.tryResolve(name: "pinned")
                if pinned.label != "WP" { fixture.fail("wrong weak instance") }
            case 48..<58:  // graph: one part per resolution, a new one per resolution
                let graph: StressGraph = try root.tryResolve()
                let other: StressGraph = try root.tryResolve()
                if graph.first !== graph.second { fixture.fail("graph scope not shared within a resolution") }
                if graph.first === other.first { fixture.fail("graph scope shared across resolutions") }
                if graph.singleton !== singleton { fixture.fail("graph built from another singleton") }
            case 58..<66:  // typed runtime arguments
                let number = random.below(1_000)
                let echo: StressEcho = try root.tryResolve(arguments: number, "t\(number)")
                if echo != StressEcho(number: number, text: "t\(number)") { fixture.fail("arguments mixed up") }
            case 66..<74:  // register a new key while everyone resolves, then use it
                let held = random.chance(50)
                let label = held ? "fresh-held-\(worker)-\(step)" : "fresh-plain-\(worker)-\(step)"
                let scope: Scope = held ? random.pick([.singleton, .cached("a"), .cached("b")]) : .transient
                let name = Name(label)
                root.register(Tracked.self, name: name, scope: scope) { r in
                    try StressFixture.build(label, ledger: ledger, dependency: r.resolve(name: "S"))
                }
                let made: Tracked = try root.tryResolve(name: name)
                if made.label != label || made.dependency !== singleton { fixture.fail("fresh registration mixed up") }
            case 74..<80:  // replace registrations that others resolve at the same time
                let label = random.chance(50) ? "~replaced" : "~replaced-transient"
                root.register(
                    Tracked.self,
                    name: Name(label),
                    scope: label == "~replaced" ? .singleton : .transient
                ) { _ in StressFixture.build(label, ledger: ledger) }
                let replaced: Tracked = try root.tryResolve(name: Name(label))
                if replaced.label != label { fixture.fail("replaced registration mixed up") }
            default:  // a child container's whole life
                try childLife(fixture: fixture, singleton: singleton, random: &random)
            }
        } catch {
            fixture.fail("unexpected error: \(error)")
        }
    }
}

/// Creates a child (sometimes a grandchild), overrides and adds registrations, resolves
/// through it, and disposes it.
private func childLife(fixture: StressFixture, singleton: Tracked, random: inout SplitMix64) throws {
    let ledger = fixture.ledger
    let serial = fixture.children.increment()
    let parent = random.chance(25) ? Container(parent: fixture.root) : fixture.root
    let child = Container(parent: parent)
    child.register(Tracked.self, name: "C", scope: .singleton) { _ in
        StressFixture.build("C#\(serial)", ledger: ledger)
    }
    child.register(Tracked.self, name: "CA", scope: .cached("a")) { r in
        try StressFixture.build("CA#\(serial)", ledger: ledger, dependency: r.resolve(name: "S"))
    }
    let local: Tracked = try child.tryResolve(name: "C")
    if try child.tryResolve(Tracked.self, name: "C") !== local { fixture.fail("a second child singleton") }
    if try child.tryResolve(Tracked.self, name: "S") !== singleton { fixture.fail("child did not share the singleton") }
    let overridden: Tracked = try child.tryResolve(name: "CA")
    if overridden.label != "CA#\(serial)" { fixture.fail("child override ignored") }
    if overridden.dependency !== singleton { fixture.fail("child override built from another singleton") }
    let start = ledger.tick()
    let fromRoot: HookTracked = try child.tryResolve(name: "CB")
    if ledger.wasDisposed(fromRoot.id, before: start) { fixture.fail("child handed out a disposed CB") }
    if random.chance(50) {
        let reset = ledger.newReset()
        StressLedger.$resetSerial.withValue(reset) { child.reset(.cached("a")) }
    }
    child.dispose()
    do {
        _ = try child.tryResolve(Tracked.self, name: "C")
        fixture.fail("a disposed child resolved")
    } catch {
        if error.kind != .disposed { fixture.fail("a disposed child failed with \(error.kind)") }
    }
    if parent !== fixture.root { parent.dispose() }
}

/// Runs `operations` steps of `makeWorker(worker)` on each of `threads` threads and `tasks`
/// tasks at once; false if they did not all finish within `limit`.
private func runWorkers(
    threads: Int,
    tasks: Int,
    operations: Int,
    limit: DispatchTimeInterval,
    _ makeWorker: @escaping @Sendable (_ worker: Int) -> (_ step: Int) -> Void
) async -> Bool {
    let done = DispatchGroup()
    for worker in 0..<threads {
        done.enter()
        Thread {
            let run = makeWorker(worker)
            for step in 0..<operations { run(step) }
            done.leave()
        }.start()
    }
    for worker in threads..<(threads + tasks) {
        done.enter()
        Task.detached {
            let run = makeWorker(worker)
            for step in 0..<operations {
                run(step)
                // Let the other tests' tasks run: the cooperative pool has one thread per core.
                if step % 64 == 63 { await Task.yield() }
            }
            done.leave()
        }
    }
    // Wait off the cooperative pool, so that the tasks keep both of its threads.
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: done.wait(timeout: .now() + limit) == .success)
        }
    }
}

@Suite("Stress")
struct StressTests {
    @Test("Threads and tasks register, resolve every scope, reset, and run child containers at once")
    func everythingAtOnce() async throws {
        let fixture = StressFixture()
        let root = fixture.root
        let singleton: Tracked = try root.tryResolve(name: "S")
        var pinned: WeakTracked? = try root.tryResolve(name: "pinned")
        let seed = StressSize.seed
        let operations = StressSize.operationsPerWorker
        let pinnedIdentity = ObjectIdentifier(try #require(pinned))

        let finished = await runWorkers(
            threads: StressSize.threads,
            tasks: StressSize.tasks,
            operations: operations,
            limit: StressSize.timeLimit
        ) { worker in
            makeWorker(worker, seed: seed, fixture: fixture, singleton: singleton)
        }
        #expect(finished, "workers did not finish within the time limit: a deadlock (seed \(seed))")
        guard finished else { return }
        // The pinned weak instance was strongly held throughout: every resolve returned it.
        #expect(try ObjectIdentifier(root.tryResolve(WeakTracked.self, name: "pinned")) == pinnedIdentity)

        let failures = fixture.failures.all
        #expect(failures.count == 0, "seed \(seed): \(Set(failures).sorted())")

        root.dispose()
        pinned = nil
        _ = pinned
        let summary = fixture.ledger.summary(heldLabel: StressFixture.isHeld)

        // Shared instances are built one at a time, the singleton once.
        #expect(summary.overlapping.isEmpty, "overlapping builds of \(summary.overlapping.sorted())")
        #expect(summary.builds["S"] == 1)
        // Every held instance is disposed exactly once by the end.
        let disposedOtherThanOnce = summary.disposals.filter { $0.value != 1 }.count
        #expect(disposedOtherThanOnce == 0, "of \(summary.disposals.count) held instances")
        // Replaced registrations: never disposed twice.
        #expect(summary.mostDisposals <= 1)
        // Built once per lifetime: each cached instance's lifetime ends with one reset that
        // dropped it, or with the final dispose, which drops at most the one instance held.
        for label in ["CA", "CB"] {
            let byReset = try #require(summary.byReset[label])
            #expect(byReset.mostInOneReset == 1, "\(label): a reset dropped more than one instance")
            #expect(byReset.outsideResets <= 1, "\(label): dispose() dropped more than one instance")
            #expect(summary.builds[label] == byReset.resets + byReset.outsideResets)
        }
        // Weak instances went away with their last strong reference.
        #expect(summary.deinits["WF"] == summary.builds["WF"])
        #expect(summary.builds["WP"] == 1)
        #expect(summary.deinits["WP"] == 1)
        #expect(fixture.children.value > 0)
    }

    @Test("dispose racing with resolves and resets: nothing is disposed twice, nothing resolves after it")
    func disposeRace() async throws {
        let ledger = StressLedger()
        let container = Container()
        container.register(Tracked.self, name: "S", scope: .singleton) { _ in
            StressFixture.build("S", ledger: ledger)
        }
        container.register(Tracked.self, name: "CA", scope: .cached("a")) { r in
            try StressFixture.build("CA", ledger: ledger, dependency: r.resolve(name: "S"))
        }
        container.register(name: "free", scope: .weak) { _ in WeakTracked(label: "WF", ledger: ledger) }
        let disposed = Counter()  // 1 once dispose() returned
        let late = Counter()
        let unexpected = EventLog()
        let seed = StressSize.seed
        let finished = await runWorkers(threads: 4, tasks: 2, operations: 1_000, limit: StressSize.timeLimit) {
            worker in
            var random = SplitMix64(seed: seed &+ UInt64(worker))
            return { step in
                if worker == 0 && step == 500 {
                    container.dispose()
                    disposed.increment()
                    return
                }
                let disposedBefore = disposed.value != 0
                do throws(ResolutionError) {
                    switch random.below(4) {
                    case 0: _ = try container.tryResolve(Tracked.self, name: "S")
                    case 1: _ = try container.tryResolve(Tracked.self, name: "CA")
                    case 2: _ = try container.tryResolve(WeakTracked.self, name: "free")
                    default:
                        container.reset(.cached("a"))
                        return
                    }
                    if disposedBefore { late.increment() }
                } catch {
                    if error.kind != .disposed { unexpected.append("\(error.kind): \(error)") }
                }
            }
        }
        #expect(finished, "a deadlock (seed \(seed))")
        guard finished else { return }
        #expect(late.value == 0, "resolves that succeeded after dispose() returned")
        #expect(unexpected.all.count == 0, "\(Set(unexpected.all).sorted())")
        let summary = ledger.summary(heldLabel: StressFixture.isHeld)
        #expect(summary.mostDisposals <= 1)
        #expect(summary.overlapping.isEmpty)
        #expect(summary.builds["S"] ?? 0 <= 1)
        #expect(summary.deinits["WF"] == summary.builds["WF"])
        container.dispose()
        #expect(container.isDisposed)
    }
}
