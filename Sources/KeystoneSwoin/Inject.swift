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
    private let name: String?
    private let swoin: Swoin?
    private let cell = LazyCell<T>()

    /// The dependency, resolved on first read.
    public var wrappedValue: T {
        do {
            return try cell.value { () throws(ReadWhileResolving) -> T in
                KeystoneSwoin.get(T.self, named: name, swoin: swoin)
            } reentered: {
                ReadWhileResolving()
            }
        } catch {
            // Read by the dependency's own factory, on this thread: resolved again, as get()
            // does (Keystone reports the cycle with its path).
            return KeystoneSwoin.get(T.self, named: name, swoin: swoin)
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
