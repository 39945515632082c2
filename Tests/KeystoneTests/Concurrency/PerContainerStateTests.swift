import Dispatch
import Foundation
import Testing

@testable import Keystone

/// Each container's lifetime state is its own: nothing one container does waits for another,
/// and verification reads what registering writes under the same lock.
extension ConcurrencyTests {
    final class Service: Sendable {}

    /// Whether a new container registers, builds, resets and disposes on another thread within
    /// ten seconds while this thread holds the locks that `hold` takes (and `release` frees):
    /// work that waited for one of those locks would never finish.
    private func lifecycleWorkFinishes(holding hold: () -> Void, then release: () -> Void) -> Bool {
        hold()
        defer { release() }
        return finishesOnAnotherThread {
            let container = Container()
            container.register(Service.self, scope: .singleton) { _ in Service() }
            container.register(Service.self, scope: .singleton) { _ in Service() }
            _ = container.resolve(Service.self)
            container.register(Service.self, scope: .cached("session")) { _ in Service() }
            _ = container.resolve(Service.self)
            container.reset(.cached("session"))
            container.dispose()
        }
    }

    @Test("Register, a cold build, reset and dispose in a new container take no process-wide lock")
    func lifecycleWorkTakesNoProcessWideLock() {
        // The wait-for graph of contended builds is shared by every container; hold its lock
        // as a thread checking a contended build would.
        #expect(
            lifecycleWorkFinishes(
                holding: { BuildCoordinator.waitGraph.lock() },
                then: { BuildCoordinator.waitGraph.unlock() }))
    }

    @Test("Another container's lock, held, blocks none of a new container's register, build, reset or dispose")
    func anotherContainersLockBlocksNothing() {
        let busy = Container()
        busy.register(Service.self, scope: .singleton) { _ in Service() }
        // Hold the busy container's own lock, and its registration's, as a thread in the
        // middle of registering there would.
        let lifecycle = busy.lifecycle
        let slot = busy.registry.slot(for: RegistryKey(Service.self, name: nil, arguments: Void.self))!
        #expect(
            lifecycleWorkFinishes(
                holding: {
                    lifecycle.lock.lock()
                    slot.lock.lock()
                },
                then: {
                    slot.lock.unlock()
                    lifecycle.lock.unlock()
                }))
        // The busy container works again once its lock is free.
        #expect(busy.resolve(Service.self) === busy.resolve(Service.self))
    }

    @Test("verify() while another thread registers the same key again (ThreadSanitizer)")
    func verifyWhileReRegistering() {
        let container = Container()
        container.register(Service.self) { _ in Service() }
        onThreads(2) { index in
            for _ in 0..<200 {
                if index == 0 {
                    container.register(Service.self) { _ in Service() }
                } else {
                    _ = container.verify()
                }
            }
        }

        let report = container.verify()
        #expect(report.problems.filter { $0.kind == .duplicateRegistration }.count == 1)
    }

    @Test("Registering one key again and again keeps one duplicate record, with the count")
    func reRegisteringKeepsOneRecordPerKey() {
        let container = Container()
        for _ in 0..<1_000 {
            container.register(Service.self) { _ in Service() }
        }

        let problems = container.verify().problems.filter { $0.kind == .duplicateRegistration }

        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("999 more times") == true)
    }
}
