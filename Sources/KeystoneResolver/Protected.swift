import Foundation

/// A value guarded by its own lock: the module's only kind of shared mutable state.
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, under `lock`.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock. Never call out to user code from `body`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A weak reference to an object, readable from any thread.
///
/// `@unchecked Sendable`: `stored` is read and written only under `lock`.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Object?

    init(_ object: Object?) {
        self.stored = object
    }

    /// The object, if it still exists.
    var object: Object? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
