import Foundation
import Keystone

// Helpers for the files that import only KeystoneSwoin, as an app's would: they cannot name
// Keystone's `Container` without clashing with Swoin's `Module`, `get` and `weak`.

/// Runs `body` with a fresh Keystone container as `Container.shared`, so that the global
/// Swoin it starts is its own, unseen by tests running at the same time.
func withIsolatedSwoin<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Container.withShared(Container()) { try body() }
}

/// Runs the async `body` with a fresh Keystone container as `Container.shared`; child tasks
/// it starts see the same one.
func withIsolatedSwoinAsync<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    try await Container.withShared(Container()) { try await body() }
}

/// Counts calls, from any thread.
///
/// `@unchecked Sendable`: `value` is read and written with `lock` held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one.
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    /// The calls so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Collects the lines a Swoin logger receives, from any thread.
///
/// `@unchecked Sendable`: `lines` is read and written with `lock` held.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// A Swoin logger that appends to this collection.
    var log: @Sendable (String) -> Void {
        { [self] line in
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
    }

    /// The lines so far.
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// A class to resolve: a value to tell instances apart by what made them.
class Widget: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only changed by `.then` hooks, before the instance
    // is handed out.
    var value: String

    init(_ value: String) {
        self.value = value
    }
}

/// A subclass, to bind by a cast.
final class SpecialWidget: Widget, @unchecked Sendable {}

/// Something a converter makes from a widget.
final class WidgetHolder: Sendable {
    let widget: Widget

    init(_ widget: Widget) {
        self.widget = widget
    }
}

/// A protocol a widget conforms to, to bind by a cast.
protocol Labelled {
    var label: String { get }
}

extension Widget: Labelled {
    var label: String { value }
}
