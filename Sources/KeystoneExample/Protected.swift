import Dispatch

/// A value that several threads share, reached only through ``withLock(_:)``: the example's one
/// place where the compiler takes its word for thread safety, so that the services above are
/// plainly `Sendable` (their stored properties are constants) without depending on
/// Keystone's internals.
///
/// `@unchecked Sendable`: `value` is read and written only in ``withLock(_:)``, on `queue`, a
/// serial queue, so no two accesses overlap; it is `Sendable` itself, so what `body` returns
/// of it may cross threads.
final class Protected<Value: Sendable>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "example.protected")
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, which it may change, while no other thread can reach it.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try queue.sync { try body(&value) }
    }
}
