import Testing

@testable import Keystone

/// The one-word lock of each registration: mutual exclusion holds when threads contend for it
/// (its sleeping path, not only the uncontended compare-and-exchange), and `tryLock` never
/// takes a held lock.
@Suite("Slot lock")
struct SlotLockTests {
    /// A counter guarded by a slot's lock; incremented with a read, a yield and a write, so
    /// that two holders at once would lose increments.
    final class Guarded: @unchecked Sendable {  // `lock` guards `count`.
        private let slot = Slot(key: RegistryKey(Plain.self, name: nil, arguments: Void.self), order: 0)
        var lock: WordLock { slot.lock }
        var count = 0
    }

    @Test("Eight threads incrementing under the lock lose no increment")
    func mutualExclusion() {
        let guarded = Guarded()
        let threads = 8
        let rounds = 2_000
        let gate = Gate(expected: threads)
        onThreads(threads) { _ in
            gate.arrive()
            gate.waitForAll()
            for round in 0..<rounds {
                guarded.lock.withLock {
                    let seen = guarded.count
                    // Yield while holding it now and then: the others find it held and sleep.
                    if round % 64 == 0 { yieldProcessor() }
                    guarded.count = seen + 1
                }
            }
        }
        #expect(guarded.lock.withLock { guarded.count } == threads * rounds)
    }

    @Test("tryLock takes a free lock and refuses a held one")
    func tryLock() {
        let guarded = Guarded()
        #expect(guarded.lock.tryLock())
        #expect(!guarded.lock.tryLock())
        guarded.lock.unlock()
        #expect(guarded.lock.tryLock())
        guarded.lock.unlock()
    }

    @Test("A transient resolved on many threads while it is registered again stays consistent")
    func resolveWhileReregistering() throws {
        let container = Container()
        container.register(scope: .transient) { _ in Plain() }
        let threads = 6
        let gate = Gate(expected: threads)
        let failures = ResultBox<String>()
        onThreads(threads) { index in
            gate.arrive()
            gate.waitForAll()
            for _ in 0..<500 {
                if index == 0 {
                    container.register(scope: .transient) { _ in Plain() }
                } else {
                    do {
                        _ = try container.tryResolve(Plain.self)
                    } catch {
                        failures.append("\(error)")
                    }
                }
            }
        }
        #expect(failures.all.isEmpty)
    }
}
