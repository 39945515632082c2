import Foundation
import Keystone

/// Stores the app's dependencies once, right before the first restore, without cluttering
/// the code that starts the app.
///
/// Conform `Zerk` to it once, in any file (`extension Zerk: @retroactive AutoStoring {}`), and
/// implement either spelling: Zerk 1.0.5's static `autoStore()`,
///
/// ```swift
/// extension Zerk {
///     public static func autoStore() {
///         Zerk.store.singleton(AutoStoredByAutoStoreClass() as AutoStoredByAutoStoreProtocol)
///     }
/// }
/// ```
///
/// or the instance method `public func store()` of Zerk's README. Both have a default that
/// does nothing; if both are implemented, `autoStore()` runs first.
///
/// Zerk's spelling, without `@retroactive`, compiles too, but the Swift 6 compiler warns about
/// it in the app's module: "extension declares a conformance of imported type 'Zerk' to
/// imported protocol 'AutoStoring'". `@retroactive` silences it, and is safe: the conformance
/// is the app's to declare, and this module never declares it.
///
/// The hook runs once per process, thread-safely, when the first restore from any storage
/// begins (threads restoring meanwhile wait for it to end). It stores in the process-wide
/// `Container.shared`, even if the restore that set it off runs in a task bound to another
/// container with `Container.withShared`.
public protocol AutoStoring {
    /// Stores the app's dependencies; Zerk 1.0.5's spelling.
    static func autoStore()

    /// Stores the app's dependencies; the spelling of Zerk's README.
    func store()
}

extension AutoStoring {
    /// Does nothing: implement it, or ``store()``.
    public static func autoStore() {}

    /// Does nothing: implement it, or ``autoStore()``.
    public func store() {}
}

/// Runs the app's ``AutoStoring`` hook exactly once.
///
/// States: *pending*, *running* (on the thread holding `lock`), *done* (final). The lock is
/// recursive so that a restore made by the hook itself, on its own thread, goes through
/// without waiting for itself; other threads wait on the lock until the hook ends.
///
/// `@unchecked Sendable`: `state` is guarded by `lock`.
final class AutoStoringGate: @unchecked Sendable {
    private static let shared = AutoStoringGate()

    /// Guards `state`, and is held while the hook runs.
    private let lock = NSRecursiveLock()
    private var state = State.pending

    private enum State {
        case pending, running, done
    }

    /// Runs the hook if no restore has run it yet.
    static func runOnce() {
        shared.runOnce()
    }

    private func runOnce() {
        lock.lock()
        defer { lock.unlock() }
        guard state == .pending else { return }
        state = .running
        defer { state = .done }
        guard let hook = Zerk.self as Any.Type as? any AutoStoring.Type else { return }
        Container.withShared(ProcessWideContainer.value) {
            hook.autoStore()
            (Zerk() as Any as? any AutoStoring)?.store()
        }
    }
}

/// The container `Container.shared` is when no task binds another.
///
/// Read once, on a thread of its own: a thread that runs no task has no task-local binding,
/// so `Container.shared` there is the process-wide container whatever the caller's task binds.
/// (Keystone's registration query answers for a container already chosen; which container is
/// the process-wide one, Keystone does not expose.)
enum ProcessWideContainer {
    static let value: Container = {
        let slot = Slot()
        let thread = Thread { slot.fill(Container.shared) }
        thread.start()
        return slot.wait()
    }()

    /// One container handed from the reading thread to the waiting one.
    ///
    /// `@unchecked Sendable`: `container` is guarded by `condition`'s lock.
    private final class Slot: @unchecked Sendable {
        private let condition = NSCondition()
        private var container: Container?

        func fill(_ value: Container) {
            condition.lock()
            container = value
            condition.signal()
            condition.unlock()
        }

        func wait() -> Container {
            condition.lock()
            defer { condition.unlock() }
            while container == nil { condition.wait() }
            return container!
        }
    }
}
