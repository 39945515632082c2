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

/// Runs the app's ``AutoStoring`` hook exactly once, through Keystone's run-once gate: threads
/// that restore while it runs wait for it to end; a restore made by the hook itself, on its
/// own thread, goes through without waiting for itself.
enum AutoStoringGate {
    private static let gate = FirstUseGate { container in
        // Cast here rather than capture the metatype, which is not `Sendable`.
        guard let hook = Zerk.self as Any.Type as? any AutoStoring.Type else { return }
        Container.withShared(container) {
            hook.autoStore()
            (Zerk() as Any as? any AutoStoring)?.store()
        }
    }

    /// Runs the hook, in the process-wide container, if no restore has run it yet.
    static func runOnce() {
        gate.runIfPending(for: Container.processWide)
    }
}
