#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value built on first demand, at most once at a time, and kept until cleared: the storage
/// behind ``LazyResolver`` and the lazy property wrappers, here and in the compatibility
/// modules (which reach it with `package` access).
///
/// Who builds and who waits is decided by the engine's build-once machine (``BuildState``,
/// whose states are documented there), guarded by `gate.lock`; the cell keeps the built value.
/// A caller on another thread than the builder waits on the condition and then takes the
/// built value; a caller on the *building* thread (the factory reading the same lazy value)
/// would wait for itself forever, so it gets the `reentered` error instead. A build that
/// throws keeps nothing, so the next read tries again, and wakes the waiters, which then try
/// to build themselves.
///
/// `@unchecked Sendable`: `held` and `state` are only read and written with `gate.lock` held.
/// The cell itself says nothing about `Value`; the public types that hold one are `Sendable`
/// only when their service is.
package final class LazyCell<Value>: @unchecked Sendable {
    /// Only reached through `gate`; first, so that the cell allocates nothing for it (see
    /// ``firstStoredProperty(of:as:)``).
    private var gateWords = ConditionLock.Words()
    private var gate: ConditionLock { ConditionLock(firstStoredProperty(of: self, as: ConditionLock.Words.self)) }
    /// The value, in a box (a ``LazyCellValue``): a `Value?` here made each read, in the
    /// cell's unspecialised code, ask the runtime for `Optional<Value>`'s metadata (about 300
    /// instructions of every warm read of a `@LazyInjected` property). Guarded by `gate.lock`,
    /// which already makes its accesses exclusive: the run-time exclusivity check (a
    /// thread-local access set on each access) is turned off.
    @exclusivity(unchecked) private var held: AnyObject?
    private var state = BuildState<pthread_t>()

    package init() {
        withUnsafePointer(to: &gateWords) { assertFirstStoredProperty(of: self, at: $0, "gateWords") }
    }

    deinit {
        gate.destroy()
    }

    /// The held value, building it first if the cell is empty.
    ///
    /// - Parameters:
    ///   - build: Makes the value. Runs with no lock held.
    ///   - reentered: The error for a `build` that reads this same cell on its own thread
    ///     (for a `build` that cannot fail, a trap: `E` is `Never`).
    /// The value in `box`, a ``LazyCellValue`` of this cell's.
    @inline(__always)
    private static func unboxed(_ box: AnyObject) -> Value {
        unsafeDowncast(box, to: LazyCellValue<Value>.self).value
    }

    package func value<E: Error>(
        build: () throws(E) -> Value,
        reentered: () -> E
    ) throws(E) -> Value {
        let me = currentThread()
        gate.lock.lock()
        while true {
            if let held {
                gate.lock.unlock()
                return Self.unboxed(held)
            }
            switch state.claim(by: me, isSameBuilder: isSameThread) {
            case .reentered:
                gate.lock.unlock()
                throw reentered()
            case .wait:
                gate.wait()
                state.stopWaiting()
            case .build:
                gate.lock.unlock()
                let value: Value
                do throws(E) {
                    value = try build()
                } catch {
                    gate.lock.withLock {
                        if state.finish() { gate.broadcast() }
                    }
                    throw error
                }
                gate.lock.withLock {
                    held = LazyCellValue(value)
                    if state.finish() { gate.broadcast() }
                }
                return value
            }
        }
    }

    /// The held value, or nil while empty or building.
    package var current: Value? {
        gate.lock.withLock { held.map(Self.unboxed) }
    }

    /// Holds `value` in place of what was held (a wrapper written to); returns the value it
    /// replaces, so that the caller releases it outside the lock. A build in progress stores
    /// its own value when it ends.
    @discardableResult
    package func store(_ value: Value) -> Value? {
        gate.lock.withLock {
            defer { held = LazyCellValue(value) }
            return held.map(Self.unboxed)
        }
    }

    /// Lets the held value go; returns it so that the caller releases it outside the lock.
    /// A build in progress is not affected: it stores its value when it ends.
    @discardableResult
    package func clear() -> Value? {
        gate.lock.withLock {
            defer { held = nil }
            return held.map(Self.unboxed)
        }
    }
}

extension Failure {
    /// The error for a lazy value whose factory reads that same lazy value.
    static func lazyReentered(service: Any.Type, name: Name?, arguments: Any.Type) -> ResolutionError {
        let what = describe(service: service, name: name, arguments: arguments)
        return make(
            .cycle,
            service: service,
            name: name,
            arguments: arguments,
            path: [step(service: service, name: name)],
            summary: "Dependency cycle: the lazy \(what) was read while it was being resolved, on the same thread.",
            advice:
                "do not read a lazy dependency from a factory it depends on; pass the dependency in, or complete the link with `.then`."
        )
    }
}

/// A ``LazyCell``'s value, boxed.
private final class LazyCellValue<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
