import Testing

@testable import Keystone

/// The engine's build-once machine, transition by transition: who builds, who waits, and when
/// the waiters are woken.
@Suite("Build state machine")
struct BuildStateTests {
    @Test("The first claim builds; a claim by another waits; a claim by the builder itself is reentry")
    func claims() {
        var state = BuildState<Int>()
        guard case .build = state.claim(by: 1, isSameBuilder: ==) else {
            Issue.record("an idle state did not give the build to the first claim")
            return
        }
        #expect(state.builder == 1)
        guard case .wait(for: let builder) = state.claim(by: 2, isSameBuilder: ==) else {
            Issue.record("a second claim while building did not wait")
            return
        }
        #expect(builder == 1)
        #expect(state.waiters == 1)
        guard case .reentered = state.claim(by: 1, isSameBuilder: ==) else {
            Issue.record("the builder's own claim was not reported as reentry")
            return
        }
        #expect(state.waiters == 1, "reentry must not count a waiter that would never wake")
    }

    @Test("Finishing wakes only when someone waits, and a woken waiter may claim the next build")
    func finishAndHandOver() {
        var state = BuildState<Int>()
        _ = state.claim(by: 1, isSameBuilder: ==)
        #expect(state.finish() == false, "nobody waited")
        #expect(state.builder == nil)

        _ = state.claim(by: 1, isSameBuilder: ==)
        _ = state.claim(by: 2, isSameBuilder: ==)
        #expect(state.finish() == true, "one waiter to wake")
        // Ended, with the waiter not yet back: the builder is gone, the waiter still counted.
        #expect(state.builder == nil)
        #expect(state.waiters == 1)
        state.stopWaiting()
        guard case .build = state.claim(by: 2, isSameBuilder: ==) else {
            Issue.record("a woken waiter that found no value could not claim the next build")
            return
        }
        #expect(state.builder == 2)
    }

    @Test("Joining an async build starts it once and counts the others as waiters")
    func join() {
        var state = BuildState<String>()
        var started = 0
        let first = state.join {
            started += 1
            return "task"
        }
        let second = state.join {
            started += 1
            return "another task"
        }
        #expect(first.started && !second.started)
        #expect(second.builder == "task")
        #expect(started == 1)
        #expect(state.waiters == 1)
        state.stopWaiting()
        #expect(state.finish() == false)
        #expect(state.builder == nil)
    }
}
