// Registrations taken out of their slots while other threads resolve through them, in a release
// build: what `Benchmarks/race.sh` runs, with ThreadSanitizer and without.
//
//   .build/release/KeystoneRace ROUNDS
//
// A resolution's nested resolves use the registration they find without a reference of their
// own, and rely on whoever takes it out of its slot (a re-registration, `unload`, `dispose`) to
// release it only once no resolution that may still use it runs (`RetiredEntries`). A debug
// build keeps extra references in its frames, which hide a registration released too early;
// this runs the engine as an app's release build does. Each registration holds a marker only
// through its `then` hook (which the engine reads from the registration after the factory
// returns); the marker's `deinit` overwrites it. Reader threads resolve a graph through those
// registrations while a writer replaces, unloads and disposes them. It fails if a reader saw an
// overwritten marker (a registration used after it was released), or if a marker outlives the
// run (a retired registration never released).
import Foundation
import Keystone

/// A count behind a mutex.
final class Count: @unchecked Sendable {  // `mutex` guards `value`.
    private var mutex = pthread_mutex_t()
    private var value = 0

    init() { pthread_mutex_init(&mutex, nil) }

    func add(_ amount: Int = 1) {
        pthread_mutex_lock(&mutex)
        value += amount
        pthread_mutex_unlock(&mutex)
    }

    var current: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return value
    }
}

let made = Count()
let released = Count()
let usedAfterRelease = Count()
let resolved = Count()
let writerDone = Count()

/// What a registration holds through its hook. `@unchecked Sendable`: `value` is written by
/// `init` and `deinit` only; a read of -1 is what the run looks for.
final class Marker: @unchecked Sendable {
    var value: Int
    init(_ value: Int) {
        self.value = value
        made.add()
    }
    deinit {
        value = -1
        released.add()
    }
}

final class Leaf: Sendable {}
final class Branch: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}
final class Other: Sendable {}
final class Tree: Sendable {
    let branch: Branch
    let other: Other
    init(branch: Branch, other: Other) {
        self.branch = branch
        self.other = other
    }
}

/// Registers `Leaf` in `container`, holding a new marker through its hook.
func registerLeaf(in container: Container, round: Int) {
    let marker = Marker(round)
    container.register(Leaf.self, scope: .transient) { _ in Leaf() }
        .then { _, _ in if marker.value < 0 { usedAfterRelease.add() } }
}

/// A module that registers `Other`, holding a new marker through its hook (the declaration is
/// dropped after loading: only the registration keeps the marker).
func otherModule(round: Int) -> Module {
    let marker = Marker(round)
    return Module {
        transient { Other() }
            .then { _ in if marker.value < 0 { usedAfterRelease.add() } }
    }
}

/// Runs `body` on a new thread; `join` waits for it.
final class Runner: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [done] in
            body()
            done.signal()
        }
        thread.start()
    }

    func join() { done.wait() }
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let rounds = Int(arguments[1]), rounds > 0 else {
    fatalError("usage: KeystoneRace ROUNDS")
}

var leftOver = 0
do {
    let app = Container()
    registerLeaf(in: app, round: 0)
    app.register(Branch.self, scope: .transient) { r in try Branch(leaf: r.resolve()) }
    app.register(Tree.self, scope: .transient) { r in try Tree(branch: r.resolve(), other: r.resolve()) }

    let writer = Runner {
        for round in 1...rounds {
            registerLeaf(in: app, round: round)
            let module = otherModule(round: round)
            try! app.load(module)
            for _ in 0..<8 { sched_yield() }
            app.unload(module)
            // A child whose registrations go with `dispose()` while it resolves on another
            // thread is the readers' `children` below; here one is made and dropped.
            let child = Container(parent: app)
            registerLeaf(in: child, round: round)
            _ = try? child.tryResolve(Tree.self)
            child.dispose()
        }
        writerDone.add()
    }
    let readers = (0..<2).map { _ in
        Runner {
            while writerDone.current == 0 {
                // Unloaded between the writer's rounds: `Other` is then missing.
                if (try? app.tryResolve(Tree.self)) != nil { resolved.add() }
                if (try? app.tryResolve(Branch.self)) != nil { resolved.add() }
            }
        }
    }
    writer.join()
    for reader in readers { reader.join() }
    // Every registration but the container's current `Leaf` is gone: so are their markers.
    // (Counted while `app` is certainly alive: the threads' closures hold it too, and let go
    // of it some time after they end.)
    withExtendedLifetime(app) { leftOver = made.current - released.current - 1 }
}

print(
    "KeystoneRace: \(rounds) rounds, \(resolved.current) graphs resolved,",
    "\(usedAfterRelease.current) registrations used after release, \(leftOver) markers never released"
)
if usedAfterRelease.current > 0 || leftOver != 0 || resolved.current == 0 {
    print("KeystoneRace: FAILED")
    exit(1)
}
