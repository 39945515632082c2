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
/// safe: one of them resolves it, with no lock held, and the others wait for that instance.
@propertyWrapper
public struct Inject<T> {
    @usableFromInline let name: String?
    @usableFromInline let swoin: Swoin?
    private let cell = LazyCell<T>()

    /// The dependency, resolved on first read.
    @inlinable
    public var wrappedValue: T {
        // Inlinable, so that the resolve is compiled for the property's type; the cell's
        // bookkeeping stays in `value(resolving:)`.
        value(resolving: { KeystoneSwoin.get(T.self, named: name, swoin: swoin) })
    }

    /// The held dependency, resolved with `resolve` on first read.
    @usableFromInline
    func value(resolving resolve: () -> T) -> T {
        do {
            return try cell.value { () throws(ReadWhileResolving) -> T in
                resolve()
            } reentered: {
                ReadWhileResolving()
            }
        } catch {
            // Read by the dependency's own factory, on this thread: resolved again, as get()
            // does (Keystone reports the cycle with its path).
            return resolve()
        }
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

/// An ``Inject`` read by its own dependency's factory, on the resolving thread.
private struct ReadWhileResolving: Error {}
