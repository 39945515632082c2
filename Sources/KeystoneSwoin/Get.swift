import Keystone

/// Resolves a dependency, trapping with Keystone's full diagnostic (the service, the
/// resolution path, what is registered instead, and a fix) if it cannot be built.
///
/// ```swift
/// let controller: TipsViewController = get()
///
/// let observer: PublishSubject<Void> = get(named: "TestSubject")
/// ```
///
/// Inside a factory, converter or `.then` of a ``Module``, `get()` resolves as part of the
/// resolution in progress: a cycle is reported with its path, never a stack overflow, and
/// `.then` can complete a circular reference. Elsewhere it resolves from ``Swoin/global``
/// (Keystone's `Container.shared`, which also holds what the app registers with Keystone's
/// own API).
///
/// - Parameters:
///   - type: The type to resolve; inferred from the context when omitted.
///   - name: The name it was declared with, if any.
///   - swoin: The Swoin to resolve from; when nil, as described above.
///   - file: The file of the call, which a trap names. Leave the default.
///   - line: The line of the call, which a trap names. Leave the default.
@inlinable
public func get<T>(
    _ type: T.Type = T.self,
    named name: String? = nil,
    swoin: Swoin? = nil,
    file: StaticString = #fileID,
    line: UInt = #line
) -> T {
    // Inlinable, so that the resolve is compiled for the caller's `T` (compiled once for all
    // types, each call asked the runtime for generic metadata).
    if let swoin {
        return swoin.get(T.self, named: name, file: file, line: line)
    }
    if SwoinResolution.building {
        return SwoinResolution.resolve(T.self, named: name, file: file, line: line)
    }
    return Swoin.currentContainer.resolve(T.self, name: Name.swoin(name), file: file, line: line)
}

/// A type that resolves its dependencies with its own `get()`, from ``Swoin/global`` unless
/// it names another Swoin.
///
/// As in Swoin 0.0.5, `get()` is both an instance and a static function, so that a stored
/// property's initial value and static code can call it too:
///
/// ```swift
/// struct Cowboy: SwoinComponent {
///     var horse: Horse = get()
/// }
/// ```
public protocol SwoinComponent {
    /// The Swoin this type resolves from; ``Swoin/global`` by default.
    static var swoin: Swoin? { get }

    /// Resolves a dependency, as the free function ``get(_:named:swoin:file:line:)`` does.
    func get<T>(_ type: T.Type, named name: String?, swoin: Swoin?) -> T

    /// Resolves a dependency, as the free function ``get(_:named:swoin:file:line:)`` does: the `get()`
    /// of static code and of stored properties' initial values.
    static func get<T>(_ type: T.Type, named name: String?, swoin: Swoin?) -> T
}

extension SwoinComponent {
    /// ``Swoin/global``.
    public static var swoin: Swoin? { Swoin.global }

    /// Resolves a dependency from `swoin` (this type's ``swoin`` by default).
    @inlinable
    public func get<T>(_ type: T.Type = T.self, named name: String? = nil, swoin: Swoin? = Self.swoin) -> T {
        KeystoneSwoin.get(T.self, named: name, swoin: swoin)
    }

    /// Resolves a dependency from `swoin` (this type's ``swoin`` by default).
    @inlinable
    public static func get<T>(_ type: T.Type = T.self, named name: String? = nil, swoin: Swoin? = Self.swoin) -> T {
        KeystoneSwoin.get(T.self, named: name, swoin: swoin)
    }
}
