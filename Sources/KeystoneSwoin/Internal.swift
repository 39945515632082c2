import Foundation
import Keystone

/// A value guarded by an `NSLock`: the only lock of this module's mutable state.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock`, which holds `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Whether the current thread (or task) is running a factory, converter or `.then` hook
/// declared in a Swoin ``Module``: then Keystone's own `get()` answers from the resolution in
/// progress, so that the graph scope and cycle detection see the whole resolution.
@usableFromInline
enum SwoinResolution {
    @TaskLocal static var isBuilding = false

    /// Whether a module's factory, converter or `.then` hook is running on this task or thread.
    @usableFromInline
    static var building: Bool { isBuilding }

    /// Runs `body`, a closure of the app's, as part of the resolution in progress.
    static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try $isBuilding.withValue(true, operation: body)
    }

    /// Resolves from the resolution in progress, trapping with Keystone's full diagnostic:
    /// Swoin's `get()` cannot throw.
    @inlinable
    static func resolve<T>(_ type: T.Type, named name: String?, file: StaticString, line: UInt) -> T {
        do {
            return try Keystone.get(T.self, name: Name.swoin(name))
        } catch {
            fail(error, file: file, line: line)
        }
    }

    /// Traps with `error`'s full diagnostic, naming the call site.
    @usableFromInline
    static func fail(_ error: ResolutionError, file: StaticString, line: UInt) -> Never {
        error.trap(file: file, line: line)
    }
}

/// Identifies a dependency in a module: its type and its name.
struct EntryKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init<T>(_ type: T.Type, name: String?) {
        self.type = ObjectIdentifier(T.self)
        self.name = name
    }
}

/// One dependency of a module, ready to register: a Keystone module holding the single
/// registration of its key, so that it can be loaded and unloaded on its own when another
/// module overrides the key or stops overriding it.
struct ModuleEntry: Sendable {
    let key: EntryKey
    let cacheType: CacheType
    let keystone: Keystone.Module
    /// Keystone's registration query for the key, in the container given: whether something
    /// answers for the type and name there, whoever registered it.
    let registration: @Sendable (Container) -> RegistrationInfo?

    init<T>(_ type: T.Type, named name: String?, cacheType: CacheType, keystone: Keystone.Module) {
        self.key = EntryKey(T.self, name: name)
        self.cacheType = cacheType
        self.keystone = keystone
        self.registration = { container in container.registration(for: T.self, name: Name.swoin(name)) }
    }

    /// Whether `container` itself (not a parent) has a registration for the key.
    func isRegistered(in container: Container) -> Bool {
        registration(container)?.depth == 0
    }
}

/// A Swoin logger as a Keystone ``ContainerLogger``: every registration, build, reuse and
/// failure of the container reaches it as one line.
struct SwoinLogger: ContainerLogger {
    let log: @Sendable (String) -> Void

    func log(_ event: ContainerEvent) {
        log(event.description)
    }
}

/// The failure of a `.bind` without a converter whose cast does not hold: Swoin crashed on
/// the forced cast; here it is a `factory failed` ``ResolutionError`` with the path.
struct SwoinCastFailure: Error, CustomStringConvertible {
    let instance: Any.Type
    let target: Any.Type

    var description: String {
        "an instance of `\(instance)` is not a `\(target)`, so `.bind(\(target).self)` cannot cast it. To fix, give the bind a converter, or bind a type the instance conforms to"
    }
}

extension Name {
    /// The Keystone name of a Swoin name (nil for none).
    @inlinable
    static func swoin(_ name: String?) -> Name? {
        name.map { Name($0) }
    }
}
