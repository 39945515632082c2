import CKeystoneThreadPrimitives
import Foundation
import Testing

@testable import Keystone

/// Retired registrations (see "Retired registrations" in `KeystoneThreadPrimitives.h` and
/// ``RetiredEntries``): a resolution's nested resolves use the registration they find without
/// a reference of their own, so one taken out of its slot meanwhile (re-registered, unloaded,
/// disposed) must outlive every resolution that may be using it, and then go.
///
/// The first test runs the protocol itself, with a plain memory word in place of a registration;
/// the others run it on real registrations. A debug build (the tests') keeps references in its
/// frames that hide a registration released too early, so `Benchmarks/race.sh` runs the same
/// races in a release build, with ThreadSanitizer and without.
@Suite("Retired registrations", .serialized)
struct RetirementTests {
    /// The slot's word and the memory it points to. `@unchecked Sendable`: the word is only
    /// reached under `lock`; the memory is written by the writer only once it is out of the word
    /// and no resolution that could have found it runs, which is what the test checks.
    struct Shared: @unchecked Sendable {
        let lock: WordLock
        let word: UnsafeMutablePointer<UnsafeMutablePointer<Int>>
        let memory: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>)
    }

    /// How many of a test's `Leaf` registrations were released or still wait to be, read once
    /// it is at least `expected` or ten seconds have passed. A resolution of a test running
    /// beside this one may end meanwhile and reclaim the list of retired registrations: that
    /// takes a registration off the list and releases it just after, out of the list's lock
    /// (a release runs user code), and read in between the registration is in neither count.
    /// Waiting for the count to reach what the test expects, rather than reading it once, is
    /// waiting for that release; a registration never released still fails the test, after
    /// the ten seconds.
    static func releasedOrWaiting(_ released: Counter, atLeast expected: Int) -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        var count = released.value + RetiredEntries.waiting(of: Leaf.self)
        while count < expected && ContinuousClock.now < deadline {
            sched_yield()
            count = released.value + RetiredEntries.waiting(of: Leaf.self)
        }
        return count
    }

    /// The family of containers the protocol test stands for.
    static let family: UInt16 = 0x4B53

    /// A writer takes the memory out of the word under the lock, bumps the epoch, waits until
    /// `keystone_resolving_oldest` says no resolution that began before runs, then overwrites
    /// it (as a free would), while readers, each in a "resolution", note the epoch, find the
    /// memory under the lock and read it. ThreadSanitizer sees the readers' plain reads and the
    /// writer's plain write, and reports them as a race when the protocol's ordering is
    /// weakened: a resolution's end (`keystone_set_current_resolution`'s store of 0) made
    /// relaxed, and the writer's scan (`keystone_resolving_oldest`'s loads) made relaxed. Both
    /// were tried. (The note's release store cannot be checked this way: ThreadSanitizer lets a
    /// thread's later relaxed store carry its earlier release, which C++20 no longer does.)
    @Test("A resolution never reads what a writer overwrote after the resolutions that began before it ended")
    func resolutionsAreDoneBeforeTheFree() {
        let lockWord = UnsafeMutablePointer<keystone_lock>.allocate(capacity: 1)
        lockWord.initialize(to: keystone_lock())
        let shared = Shared(
            lock: WordLock(word: lockWord),
            word: .allocate(capacity: 1),
            memory: (.allocate(capacity: 1), .allocate(capacity: 1))
        )
        shared.memory.0.initialize(to: 1)
        shared.memory.1.initialize(to: 0)
        shared.word.initialize(to: shared.memory.0)
        defer {
            lockWord.deallocate()
            shared.word.deallocate()
            shared.memory.0.deallocate()
            shared.memory.1.deallocate()
        }
        let rounds = 5_000
        let finished = Counter()
        let found = Counter()
        let freed = Counter()
        let reading = Gate(expected: 2)
        onThreads(3) { thread in
            if thread == 0 {
                // From when both readers run, so that on a loaded machine the race is run.
                reading.waitForAll()
                for round in 2...rounds {
                    let fresh = round % 2 == 0 ? shared.memory.1 : shared.memory.0
                    // Made, then put in the word: a reader that finds it sees `round`.
                    fresh.pointee = round
                    let old = shared.lock.withLock {
                        defer { shared.word.pointee = fresh }
                        return shared.word.pointee
                    }
                    // Readers find the new memory for a while, some still reading the old.
                    for _ in 0..<20 { yieldProcessor() }
                    let epoch = keystone_retire_epoch()
                    // Bounded, so that a thread stuck in a resolution (of another test) fails
                    // this one rather than hanging the run.
                    let deadline = ContinuousClock.now + .seconds(60)
                    while keystone_resolving_oldest(Self.family) < epoch {
                        if ContinuousClock.now > deadline {
                            Issue.record("a resolution that began before round \(round) never ended")
                            finished.increment()
                            return
                        }
                        yieldProcessor()
                    }
                    // What a free does to it: no resolution may still be reading.
                    old.pointee = -round
                }
                finished.increment()
                return
            }
            // Stands for a resolution context: only compared with nil.
            let context = UnsafeMutableRawPointer(bitPattern: 0x10)!
            reading.arrive()
            while finished.value == 0 {
                _ = keystone_set_current_resolution(context)
                keystone_read_begin()
                keystone_resolving_note(Self.family)
                let memory = shared.lock.withLock { shared.word.pointee }
                keystone_read_leave()
                for _ in 0..<3 { yieldProcessor() }
                if memory.pointee < 0 { freed.increment() } else { found.increment() }
                // As a resolution's end does: registrations of the tests running beside this one
                // may wait for it.
                if keystone_set_current_resolution(nil) { RetiredEntries.reclaim() }
                for _ in 0..<3 { yieldProcessor() }
            }
        }
        #expect(freed.value == 0)
        #expect(found.value > 0)
    }

    /// What a registration's factory captures. `@unchecked Sendable`: `value` is written by
    /// `init` and `deinit` only, which the protocol orders after every read.
    final class Marker: @unchecked Sendable {
        var value: Int
        let released: Counter

        init(_ value: Int, released: Counter) {
            self.value = value
            self.released = released
        }

        deinit {
            value = -1
            released.increment()
        }
    }

    final class Leaf: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    final class Branch: Sendable {
        let leaf: Leaf
        init(leaf: Leaf) { self.leaf = leaf }
    }

    @Test("A registration replaced while other threads resolve through it is released after them")
    func replacedWhileResolving() {
        let container = Container()
        let released = Counter()
        let made = Counter()
        @Sendable func registerLeaf(_ round: Int) {
            let marker = Marker(round, released: released)
            made.increment()
            container.register(Leaf.self, scope: .transient) { _ in Leaf(marker.value) }
        }
        registerLeaf(1)
        container.register(Branch.self, scope: .transient) { r in try Branch(leaf: r.resolve()) }
        let rounds = 1_000
        let finished = Counter()
        let usedAfterRelease = Counter()
        let resolved = Counter()
        let resolving = Gate(expected: 2)
        onThreads(3) { thread in
            if thread == 0 {
                // From when both readers run, so that on a loaded machine the race is run.
                resolving.waitForAll()
                for round in 2...rounds {
                    registerLeaf(round)
                    if round % 8 == 0 { yieldProcessor() }
                }
                finished.increment()
                return
            }
            resolving.arrive()
            while finished.value == 0 {
                let branch = container.resolve(Branch.self)
                if branch.leaf.value < 0 { usedAfterRelease.increment() } else { resolved.increment() }
            }
        }
        #expect(usedAfterRelease.value == 0)
        #expect(resolved.value > 0)
        // Every replaced registration went once nothing resolved (but what a resolution of a test
        // running beside this one still holds up): only the current one's marker is left.
        #expect(Self.releasedOrWaiting(released, atLeast: made.value - 1) == made.value - 1)
    }

    @Test("A registration taken out while its own factory runs is released when the resolution ends")
    func takenOutByItsOwnFactory() throws {
        let container = Container()
        let released = Counter()
        let heldWhileBuilding = Counter()
        let hooked = Counter()
        // Only the registration holds the marker (through its hook): released with it.
        let marker = Marker(7, released: released)
        container.register(Leaf.self, scope: .transient) { _ in
            // Takes out every registration, the one being built too, which the resolution
            // goes on using.
            container.dispose()
            if released.value == 0 { heldWhileBuilding.increment() }
            return Leaf(7)
        }
        .then { _, _ in
            if marker.value == 7 { hooked.increment() }
        }
        container.register(Branch.self, scope: .transient) { r in try Branch(leaf: r.resolve()) }
        _ = consume marker
        let branch = try container.tryResolve(Branch.self)
        #expect(branch.leaf.value == 7)
        #expect(heldWhileBuilding.value == 1)
        #expect(hooked.value == 1)
        // Released after the resolution, not inside it (or waiting for a resolution of a test
        // running beside this one).
        #expect(Self.releasedOrWaiting(released, atLeast: 1) == 1)
    }

    @Test("A top-level resolve's registration, taken out while its factory runs, is released when the resolution ends")
    func topLevelTakenOutByItsOwnFactory() throws {
        let container = Container()
        let released = Counter()
        let heldWhileBuilding = Counter()
        let hooked = Counter()
        let marker = Marker(9, released: released)
        // Resolved at the top (the registration the resolve itself looked up, not a nested
        // one), which its own factory takes out.
        container.register(Leaf.self, scope: .transient) { _ in
            container.dispose()
            if released.value == 0 { heldWhileBuilding.increment() }
            return Leaf(9)
        }
        .then { _, _ in
            if marker.value == 9 { hooked.increment() }
        }
        _ = consume marker
        let leaf = try container.tryResolve(Leaf.self)
        #expect(leaf.value == 9)
        #expect(heldWhileBuilding.value == 1)
        #expect(hooked.value == 1)
        #expect(Self.releasedOrWaiting(released, atLeast: 1) == 1)
    }

    @Test("A registration waits only for resolutions of its own family of containers")
    func onlyItsFamilyHoldsItUp() throws {
        let resolving = Container()
        let child = Container(parent: resolving)
        let unrelated = Container()
        let released = Counter()
        let borrowed = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        resolving.register(Leaf.self, scope: .transient) { _ in Leaf(1) }
        resolving.register(Branch.self, scope: .transient) { r in
            let branch = try Branch(leaf: r.resolve())
            // In the middle of a resolution that has borrowed a registration of this family.
            borrowed.signal()
            finish.wait()
            return branch
        }
        for container in [unrelated, child] {
            let marker = Marker(1, released: released)
            container.register(Leaf.self, scope: .transient) { _ in Leaf(marker.value) }
        }
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = resolving.resolve(Branch.self)
            done.signal()
        }.start()
        borrowed.wait()
        // Another family: released at once, whatever this family's resolution does.
        unrelated.register(Leaf.self, scope: .transient) { _ in Leaf(2) }
        #expect(released.value == 1)
        // The same family (a child): kept until that resolution ends.
        child.register(Leaf.self, scope: .transient) { _ in Leaf(2) }
        #expect(released.value == 1)
        #expect(RetiredEntries.waiting(of: Leaf.self) == 1)
        finish.signal()
        done.wait()
        #expect(released.value == 2)
        #expect(RetiredEntries.waiting(of: Leaf.self) == 0)
    }

    @Test("Registrations unloaded and disposed while other threads resolve are released after them")
    func unloadedAndDisposedWhileResolving() {
        let app = Container()
        let released = Counter()
        let made = Counter()
        let rounds = 300
        let finished = Counter()
        let failed = Counter()
        let resolved = Counter()
        app.register(Branch.self, scope: .transient) { r in try Branch(leaf: r.resolve()) }
        let resolving = Gate(expected: 2)
        onThreads(3) { thread in
            if thread == 0 {
                // From when both readers run; then on (bounded) until one resolved while the
                // module was loaded, so that on a loaded machine the race is run, not missed.
                resolving.waitForAll()
                var round = 0
                while round < rounds || (resolved.value == 0 && round < rounds * 100) {
                    round += 1
                    let marker = Marker(round, released: released)
                    made.increment()
                    let module = Module { transient { Leaf(marker.value) } }
                    try! app.load(module)
                    for _ in 0..<20 { yieldProcessor() }
                    app.unload(module)
                }
                finished.increment()
                return
            }
            resolving.arrive()
            while finished.value == 0 {
                do {
                    let branch = try app.tryResolve(Branch.self)
                    if branch.leaf.value < 0 { failed.increment() } else { resolved.increment() }
                } catch {
                    // Unloaded between the rounds: not registered then.
                }
            }
        }
        #expect(failed.value == 0)
        #expect(resolved.value > 0)
        #expect(Self.releasedOrWaiting(released, atLeast: made.value) == made.value)

        let child = Container(parent: app)
        let marker = Marker(1, released: released)
        child.register(Leaf.self, scope: .transient) { _ in Leaf(marker.value) }
        child.register(Branch.self, scope: .transient) { r in try Branch(leaf: r.resolve()) }
        _ = consume marker
        #expect(child.resolve(Branch.self).leaf.value == 1)
        let before = Self.releasedOrWaiting(released, atLeast: made.value)
        child.dispose()
        #expect(Self.releasedOrWaiting(released, atLeast: before + 1) == before + 1)
    }
}
