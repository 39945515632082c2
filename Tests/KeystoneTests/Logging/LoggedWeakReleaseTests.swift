import Dispatch
import Foundation
import Testing

@testable import Keystone

/// With a logger, a resolve checks whether the scope holds an instance already (to report
/// `reused` or `built`). For a `.weak` registration that check takes a strong reference to the
/// instance; if that reference is the last one, the instance's `deinit` runs where it is
/// released, which must be outside the registration's lock: a `deinit` that uses the container
/// would otherwise deadlock on a lock its own thread holds.
///
/// The last other reference is dropped on another thread while this one resolves, at a delay
/// that varies by round, so that some rounds drop it while the check holds its reference. A
/// race, bounded in rounds and in time (four seconds of rounds at most).
@Suite("Logged weak release")
struct LoggedWeakReleaseTests {
    /// What a witness's `deinit` checks: the thread that resolves, and the registration's lock.
    /// `lock` guards `resolvingThread`.
    final class Observer: @unchecked Sendable {
        private let lock = Lock()
        private var resolvingThread: pthread_t?
        let slot: Slot
        /// How many `deinit`s ran on the resolving thread with the registration's lock held.
        let underLock = Counter()

        init(slot: Slot) { self.slot = slot }

        func resolveOnThisThread() { lock.withLock { resolvingThread = currentThread() } }

        var isResolvingThread: Bool {
            lock.withLock { resolvingThread.map { isSameThread($0, currentThread()) } ?? false }
        }
    }

    /// Resets the container's weak instances in its `deinit`, as a user's `deinit` might. On
    /// the resolving thread it first makes sure that this would not wait for a lock the thread
    /// holds itself (which would never end), and counts that case instead.
    final class Witness: Sendable {
        let container: WeakContainerReference
        let observer: Observer

        init(container: WeakContainerReference, observer: Observer) {
            self.container = container
            self.observer = observer
        }

        deinit {
            if observer.isResolvingThread {
                // The other thread holds this lock for microseconds (its own `reset`), unless it
                // waits for this thread to release it: a lock that stays taken for a whole
                // second, on a machine however loaded, is held by this thread.
                let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
                while !observer.slot.lock.tryLock() {
                    if DispatchTime.now().uptimeNanoseconds > deadline {
                        observer.underLock.increment()
                        return
                    }
                    yieldProcessor()
                }
                observer.slot.lock.unlock()
            }
            container.container?.reset(.weak)
        }
    }

    /// A witness handed from the resolving thread to the one that drops it, round by round.
    /// `lock` guards all three.
    final class Handoff: @unchecked Sendable {
        private let lock = Lock()
        private var stored: Witness?
        private var given = 0
        private var dropped = 0

        func give(_ witness: Witness, round: Int) {
            lock.withLock {
                stored = witness
                given = round
            }
        }

        /// Ends the rounds: the dropping thread stops.
        func stop() { lock.withLock { given = .max } }

        var givenRound: Int { lock.withLock { given } }
        var droppedRound: Int { lock.withLock { dropped } }

        /// Drops the witness it holds (after the lock, so that its `deinit` runs with no lock
        /// held here), and records the round.
        func drop(round: Int) {
            let witness = lock.withLock {
                defer { stored = nil }
                return stored
            }
            withExtendedLifetime(witness) {}
            lock.withLock { dropped = round }
        }
    }

    /// Spins (yielding now and then) while `condition` holds, within a bound.
    private static func spin(while condition: () -> Bool) {
        var spins = 0
        while condition() && spins < 50_000_000 {
            spins += 1
            if spins % 256 == 0 { yieldProcessor() }
        }
    }

    @Test("A weak instance whose last reference the logged reuse check holds is released after the lock")
    func releasedAfterTheLock() throws {
        let rounds = 100_000
        let container = Container()
        container.logger = SilentLogger()
        let key = RegistryKey(Witness.self, name: nil, arguments: Void.self)
        let observer = Observer(slot: container.registry.slotCreatingIfNeeded(for: key))
        let reference = WeakContainerReference(container)
        container.register(Witness.self, scope: .weak) { _ in Witness(container: reference, observer: observer) }
        let handoff = Handoff()
        let finished = finishesOnAnotherThread {
            let dropper = Thread {
                for round in 1...rounds {
                    Self.spin { handoff.givenRound < round }
                    if handoff.givenRound == .max { return }
                    // A delay that sweeps the span of a resolve, one step a round.
                    var delay = 0
                    while delay < (round % 256) * 20 { delay += 1 }
                    handoff.drop(round: round)
                }
            }
            dropper.start()
            observer.resolveOnThisThread()
            // At most four seconds of rounds, well within the bound on the whole.
            let deadline = DispatchTime.now().uptimeNanoseconds + 4_000_000_000
            for round in 1...rounds where DispatchTime.now().uptimeNanoseconds < deadline {
                // Built here; the other thread then holds the only reference, and drops it
                // while this thread resolves again.
                handoff.give(container.resolve(Witness.self), round: round)
                _ = container.resolve(Witness.self)
                Self.spin { handoff.droppedRound < round }
                if observer.underLock.value > 0 { break }  // found: no need to go on
            }
            handoff.stop()
        }
        #expect(finished)
        #expect(observer.underLock.value == 0)
    }
}

/// A logger that drops every event: it only turns the container's logging path on.
struct SilentLogger: ContainerLogger {
    func log(_ event: ContainerEvent) {}
}
