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

    @Test("An async build: the first claim builds, the others wait, and finishing hands back only the parked waiters")
    func asyncClaims() {
        var state = AsyncBuildState()
        #expect(state.claim() == true)
        #expect(state.isBuilding)
        #expect(state.claim() == false)
        #expect(state.claim() == false)
        #expect(state.waiters == 2)
        // Nobody has parked yet: finishing hands back nothing, and the two waiters, still
        // counted, find the build ended when they park (``AsyncBuildState/wait(_:)``).
        #expect(state.finish().isEmpty)
        #expect(!state.isBuilding)
        #expect(state.waiters == 2)
        state.stopWaiting()
        state.stopWaiting()
        // A woken waiter that finds no value claims the next build.
        #expect(state.claim() == true)
        #expect(state.finish().isEmpty)
        #expect(state.waiters == 0)
    }

    @Test("A waiting task parks until the build ends, and stops waiting when it resumes")
    func asyncWait() async {
        let owner = AsyncBuildOwner()
        #expect(owner.withState { $0.claim() } == true)
        #expect(owner.withState { $0.claim() } == false)
        async let waited: Void = AsyncBuildState.wait { body in owner.withState(body) }
        while owner.withState({ $0.parkedWaiters }) == 0 { await Task.yield() }
        let parked = owner.withState { $0.finish() }
        #expect(parked.count == 1)
        for waiter in parked { waiter.resume() }
        await waited
        #expect(owner.withState { $0.waiters } == 0)
        #expect(owner.withState { $0.parkedWaiters } == 0)
    }

    @Test("A waiting task whose build ended before it parked does not park")
    func asyncWaitAfterTheEnd() async {
        let owner = AsyncBuildOwner()
        #expect(owner.withState { $0.claim() } == true)
        #expect(owner.withState { $0.claim() } == false)
        #expect(owner.withState { $0.finish() }.isEmpty)
        await AsyncBuildState.wait { body in owner.withState(body) }
        #expect(owner.withState { $0.waiters } == 0)
        #expect(owner.withState { $0.parkedWaiters } == 0)
    }
}

/// An owner of an ``AsyncBuildState``: the state behind a lock, as an async entry keeps it.
private final class AsyncBuildOwner: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `state`.
    private let lock = Lock()
    private var state = AsyncBuildState()

    func withState<Result>(_ body: (inout AsyncBuildState) -> Result) -> Result {
        lock.withLock { body(&state) }
    }
}
