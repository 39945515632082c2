import CKeystoneThreadPrimitives
import Testing

@testable import Keystone

/// Read sections (see "Read sections" in `KeystoneThreadPrimitives.h`): a writer that unlinks
/// what readers may be using, then calls `keystone_read_synchronize`, frees it after every
/// reader that could have found it is done with it. This test runs the protocol itself, with a
/// plain memory word in place of what the registry frees: a writer publishes it, unpublishes
/// it, synchronizes, then overwrites it (as a free would reuse it), while readers find it and
/// read it in sections. ThreadSanitizer sees the readers' plain reads and the writer's plain
/// write, and reports them as a race when the protocol's ordering is weakened: the end of a
/// section (`keystone_read_leave`'s release store) or the writer's wait
/// (`keystone_read_synchronize`'s load of a reader's record) made relaxed. Both were tried.
@Suite("Read section ordering")
struct ReadSectionOrderingTests {
    /// The published word and the memory it publishes. `@unchecked Sendable`: the word is
    /// only reached through the primitives' atomics; the memory is written by the writer only
    /// while it is unpublished and no section that could have found it is open, which is what
    /// the test checks.
    struct Shared: @unchecked Sendable {
        let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        let memory: UnsafeMutablePointer<Int>
    }

    @Test("A reader never reads what a writer freed after synchronizing")
    func readersAreDoneBeforeTheFree() {
        let shared = Shared(word: .allocate(capacity: 1), memory: .allocate(capacity: 1))
        shared.word.initialize(to: nil)
        shared.memory.initialize(to: 0)
        defer {
            shared.word.deallocate()
            shared.memory.deallocate()
        }
        let rounds = 2_000
        let finished = Counter()
        let found = Counter()
        let freed = Counter()
        let reading = Gate(expected: 2)
        onThreads(3) { thread in
            if thread == 0 {
                // From when both readers run; then on (bounded) until one found it published, so
                // that on a loaded machine the race is run, not missed.
                reading.waitForAll()
                var round = 0
                while round < rounds || (found.value == 0 && round < rounds * 100) {
                    round += 1
                    // Made, then published: a reader that finds it sees `round`.
                    shared.memory.pointee = round
                    keystone_publish(shared.word, UnsafeMutableRawPointer(shared.memory))
                    for _ in 0..<20 { yieldProcessor() }
                    _ = keystone_unpublish(shared.word)
                    keystone_read_synchronize()
                    // What a free does to it: no reader may still be reading.
                    shared.memory.pointee = -round
                }
                finished.increment()
                return
            }
            reading.arrive()
            while finished.value == 0 {
                keystone_read_begin()
                if let published = keystone_load_sequential(shared.word) {
                    let value = published.assumingMemoryBound(to: Int.self).pointee
                    if value < 0 { freed.increment() } else { found.increment() }
                }
                keystone_read_leave()
                // Outside a section for a while, so that the writer's wait often ends by
                // reading this end rather than the next section's begin (whose store would
                // order the read before the free by itself).
                for _ in 0..<5 { yieldProcessor() }
            }
        }
        #expect(freed.value == 0)
        // The readers found it published: the race was run, not missed.
        #expect(found.value > 0)
    }
}
