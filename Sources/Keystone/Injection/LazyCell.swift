#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value built on first demand, at most once at a time, and kept until cleared: the storage
/// behind ``LazyResolver`` and the lazy property wrappers.
///
/// ## States
///
/// * `empty` — nothing held; the next ``value(build:reentered:)`` builds.
/// * `building(thread)` — one caller is building (with no lock held, so the factory may
///   resolve anything). Callers on other threads wait on the condition and then take the
///   built value; a caller on the *building* thread (the factory reading the same lazy value)
///   would wait for itself forever, so it gets the `reentered` error instead.
/// * `held(value)` — built; every read returns it until ``clear()``.
///
/// A build that throws goes back to `empty`, so the next read tries again, and wakes the
/// waiters, which then try to build themselves.
///
/// `@unchecked Sendable`: `state` is only read and written with `gate.lock` held. The cell
/// itself says nothing about `Value`; the public types that hold one are `Sendable` only when
/// their service is.
final class LazyCell<Value>: @unchecked Sendable {
    private enum State {
        case empty
        case building(pthread_t)
        case held(Value)
    }

    private let gate = ConditionLock()
    private var state = State.empty

    /// The held value, building it first if the cell is empty.
    ///
    /// - Parameters:
    ///   - build: Makes the value. Runs with no lock held.
    ///   - reentered: The error for a `build` that reads this same cell on its own thread.
    func value(
        build: () throws(ResolutionError) -> Value,
        reentered: () -> ResolutionError
    ) throws(ResolutionError) -> Value {
        let me = currentThread()
        gate.lock.lock()
        while true {
            switch state {
            case .held(let value):
                gate.lock.unlock()
                return value
            case .building(let builder) where isSameThread(builder, me):
                gate.lock.unlock()
                throw reentered()
            case .building:
                gate.wait()
            case .empty:
                state = .building(me)
                gate.lock.unlock()
                let value: Value
                do throws(ResolutionError) {
                    value = try build()
                } catch {
                    gate.lock.withLock {
                        state = .empty
                        gate.broadcast()
                    }
                    throw error
                }
                gate.lock.withLock {
                    state = .held(value)
                    gate.broadcast()
                }
                return value
            }
        }
    }

    /// The held value, or nil while empty or building.
    var current: Value? {
        gate.lock.withLock {
            if case .held(let value) = state { return value }
            return nil
        }
    }

    /// Lets the held value go; returns it so that the caller releases it outside the lock.
    /// A build in progress is not affected: it stores its value when it ends.
    @discardableResult
    func clear() -> Value? {
        gate.lock.withLock {
            guard case .held(let value) = state else { return nil }
            state = .empty
            return value
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
