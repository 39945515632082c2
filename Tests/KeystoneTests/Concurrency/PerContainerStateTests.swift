import Dispatch
import Foundation
import Testing

@testable import Keystone

/// Each container's lifetime state is its own: nothing one container does waits for another,
/// and verification reads what registering writes under the same lock.
extension ConcurrencyTests {
    final class Service: Sendable {}

    @Test("Register, a cold build, reset and dispose in a new container take no process-wide lock")
    func lifecycleWorkTakesNoProcessWideLock() {
        let finished = DispatchSemaphore(value: 0)
        // The one process-wide lock left is the wait-for graph of contended builds; hold it
        // as a thread checking a contended build would.
        BuildCoordinator.waitGraph.lock()
        let thread = Thread {
            let container = Container()
            container.register(Service.self, scope: .singleton) { _ in Service() }
            container.register(Service.self, scope: .singleton) { _ in Service() }
            _ = container.resolve(Service.self)
            container.register(Service.self, scope: .cached("session")) { _ in Service() }
            _ = container.resolve(Service.self)
            container.reset(.cached("session"))
            container.dispose()
            finished.signal()
        }
        thread.start()
        // Bounded: a thread that waits for the coordinator would never signal.
        let result = finished.wait(timeout: .now() + 10)
        BuildCoordinator.waitGraph.unlock()
        if result == .timedOut { finished.wait() }

        #expect(result == .success)
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
