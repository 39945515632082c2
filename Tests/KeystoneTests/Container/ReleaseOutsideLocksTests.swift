import Testing

@testable import Keystone

/// A registration that a container drops (registered again, disposed), and a logger another
/// replaces, are released after the container's locks: what a factory captured may be
/// deinitialised then, and a `deinit` that uses the container must find it usable, not
/// deadlock on a lock its own thread holds. (`unload` releases after its locks too; a loaded
/// module holds the same factories, so no test can make the registration the last reference.)
@Suite("Dropped registrations are released outside the container's locks")
struct ReleaseOutsideLocksTests {
    /// Runs `action` when it is deinitialised; a factory captures it.
    final class Witness: Sendable {
        let action: @Sendable () -> Void
        init(_ action: @escaping @Sendable () -> Void) { self.action = action }
        deinit { action() }
    }

    final class Fresh: Sendable {}

    @Test("Registering a key again: the old factory's captures may build a singleton in their deinit")
    func reRegistering() {
        let container = Container()
        container.register(Plain.self, scope: .singleton) { _ in Plain() }
        let built = Counter()
        do {
            let witness = Witness {
                // A cold singleton build claims under the container's lock.
                _ = container.resolve(Plain.self)
                built.increment()
            }
            container.register(Fresh.self) { _ in
                _ = witness
                return Fresh()
            }
        }
        // The old factory holds the last reference to the witness.
        let replaced = finishesOnAnotherThread { container.register(Fresh.self) { _ in Fresh() } }
        #expect(replaced)
        #expect(built.value == 1)
    }

    @Test("dispose(): the factories' captures may use the container in their deinit")
    func disposing() {
        let container = Container()
        let reset = Counter()
        do {
            let witness = Witness {
                container.reset(.singleton)
                reset.increment()
            }
            container.register(Fresh.self) { _ in
                _ = witness
                return Fresh()
            }
        }
        #expect(finishesOnAnotherThread { container.dispose() })
        #expect(reset.value == 1)
    }
}

extension ReleaseOutsideLocksTests {
    /// A logger that runs `action` when it is deinitialised.
    final class WitnessLogger: ContainerLogger {
        let action: @Sendable () -> Void
        init(_ action: @escaping @Sendable () -> Void) { self.action = action }
        func log(_ event: ContainerEvent) {}
        deinit { action() }
    }

    @Test("Replacing a logger: the old one may read the container's logger in its deinit")
    func replacingALogger() {
        let container = Container()
        let ended = Counter()
        container.logger = WitnessLogger {
            _ = container.logger
            ended.increment()
        }
        #expect(finishesOnAnotherThread { container.logger = nil })
        #expect(ended.value == 1)
    }
}
