import Foundation
import Keystone
import Testing

/// The live registrations that one strict test built without overriding them, and the issues
/// they become.
///
/// One per strict test (or test case), bound to its task tree, so that `.overriding` traits
/// applied inside it watch their copies for it too. A live registration built in the test's
/// task is an issue at once, so that `withKnownIssue` around it catches it; one built elsewhere
/// (a detached task, a thread of its own), where no test is current, is recorded when the test
/// ends. Each service is one issue, however often it is built.
///
/// `@unchecked Sendable`: `lock` guards `seen` and `later`.
final class StrictSession: @unchecked Sendable {
    /// The session of the strict test running in this task, if any.
    @TaskLocal static var current: StrictSession?

    private let test: Test.ID
    private let sourceLocation: SourceLocation
    private let lock = NSLock()
    private var seen: Set<LiveResolve> = []
    /// Live registrations built where the test was not current, to record when it ends.
    private var later: [LiveResolve] = []

    init(test: Test, sourceLocation: SourceLocation) {
        self.test = test.id
        self.sourceLocation = sourceLocation
    }

    /// Takes note that `live` was built in one of the test's copies.
    func resolved(_ live: LiveResolve) {
        let inTest = Test.current?.id == test
        let isNew = lock.withLock {
            guard seen.insert(live).inserted else { return false }
            if !inTest { later.append(live) }
            return true
        }
        if isNew && inTest { record(live) }
    }

    /// Records the issues of live registrations built outside the test's task.
    func recordRemainingIssues() {
        for live in lock.withLock({ later }) { record(live) }
    }

    private func record(_ live: LiveResolve) {
        Issue.record(Comment(rawValue: Self.message(for: live)), sourceLocation: sourceLocation)
    }

    /// What the issue says: the service, why it is live, where it was registered, and the fix.
    static func message(for live: LiveResolve) -> String {
        let named = live.name.map { " (name: \"\($0)\")" } ?? ""
        let nameArgument = live.name.map { ", name: \"\($0)\"" } ?? ""
        return
            "Resolved the live `\(live.service)`\(named) (\(live.reason)), registered at \(live.registeredAt), without overriding it in a strict test. To fix, override it in the trait: .overriding(strict: true) { $0.register(\(live.service).self\(nameArgument)) { _ in … } }"
    }
}
