import Testing

@testable import Keystone

/// A ``Flag`` is read without a lock: a container's disposed flag, the end of an async
/// resolution, the first-use gate's done state. A thread that sees it set must see what the
/// setter wrote before setting it (the gate's hooks' registrations, for one). These tests race a
/// setter against readers that take no lock, for ThreadSanitizer, which reports the readers'
/// read of the setter's write when the flag's store or load is weakened to relaxed. Both were
/// tried.
@Suite("Flag ordering")
struct FlagOrderingTests {
    /// What the setter writes before setting the flag, and the flag's word. `@unchecked
    /// Sendable`: `value` is written once, before `flag` is set, and read only once it is seen
    /// set; the test is that every reader sees that write.
    final class Shared: @unchecked Sendable {
        var value = 0
        let flag = Flag.allocate()
        deinit { flag.free() }
    }

    @Test("A thread that sees a flag set sees what was written before it was set")
    func readerSeesTheSettersWrites() {
        for round in 1...200 {
            let shared = Shared()
            let seen = ResultBox<Int>()
            onThreads(3) { index in
                guard index > 0 else {
                    shared.value = round
                    shared.flag.set(true)
                    return
                }
                for _ in 0..<50_000_000 {
                    if shared.flag.isSet {
                        seen.append(shared.value)
                        return
                    }
                    yieldProcessor()
                }
                seen.append(nil)
            }
            #expect(seen.all == [round, round])
        }
    }

    @Test("A flag reads back what was last stored, set or clear")
    func readsBackItsState() {
        let shared = Shared()
        #expect(!shared.flag.isSet)
        shared.flag.set(true)
        #expect(shared.flag.isSet)
        shared.flag.set(false)
        #expect(!shared.flag.isSet)
        // A second flag in its own word is independent of the first.
        let other = Shared()
        shared.flag.set(true)
        #expect(!other.flag.isSet)
    }
}
