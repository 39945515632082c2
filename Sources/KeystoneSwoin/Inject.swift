import Foundation
import Keystone

/// Injects a dependency lazily: it is resolved on first read, then kept.
///
/// ```swift
/// @Inject private var navigationController: CustomNavigationController
///
/// @Inject(named: "TestSubject") private var testObservable: Observable<Void>
/// ```
///
/// The first read resolves as ``get(_:named:swoin:file:line:)`` does, trapping with Keystone's full
/// diagnostic if the dependency cannot be built. Reading from several threads at once is
/// safe: they all get the first instance stored.
@propertyWrapper
public struct Inject<T> {
    private let name: String?
    private let swoin: Swoin?
    private let cell = InjectCell<T>()

    /// The dependency, resolved on first read.
    public var wrappedValue: T {
        if let value = cell.value { return value }
        return cell.store(KeystoneSwoin.get(T.self, named: name, swoin: swoin))
    }

    /// Declares a lazily injected dependency.
    ///
    /// - Parameters:
    ///   - name: The name it was declared with, if any.
    ///   - swoin: The Swoin to resolve from; ``Swoin/global`` when nil.
    public init(named name: String? = nil, swoin: Swoin? = nil) {
        self.name = name
        self.swoin = swoin
    }
}

extension Inject: Sendable where T: Sendable {}

/// The instance an ``Inject`` resolved.
///
/// `@unchecked Sendable` (for a `Sendable` `T`): `stored` is read and written with `lock`
/// held. The resolve itself runs without the lock, so that a dependency whose factory reads
/// the same property reports a cycle instead of deadlocking.
final class InjectCell<T> {
    private let lock = NSLock()
    private var stored: T?

    var value: T? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Keeps `value` unless another thread stored one first; returns the one kept.
    func store(_ value: T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        stored = value
        return value
    }
}

extension InjectCell: @unchecked Sendable where T: Sendable {}
