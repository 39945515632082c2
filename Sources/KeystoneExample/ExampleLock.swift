import Dispatch

/// The example's own small lock (a serial queue), so that the services above can be
/// `Sendable` without depending on Keystone's internals.
struct ExampleLock: Sendable {
    private let queue = DispatchQueue(label: "example.lock")

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }
}
