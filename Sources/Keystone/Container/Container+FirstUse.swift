import CKeystoneThreadPrimitives

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Registrations the app declares once, run by ``Container/shared`` before its first use.
///
/// Declare them in a type of your own, and name that type once, where the app starts:
///
/// ```swift
/// struct AppServices: AutoRegistering {
///     static func registerServices(in container: Container) throws {
///         container.register(WeatherService.self, scope: .singleton) { _ in LiveWeatherService() }
///         try container.load(forecastModule)
///     }
/// }
/// ```
///
/// ```swift
/// Container.registerOnFirstUse(AppServices.self)
/// ```
///
/// ``Container/registerOnFirstUse(_:)`` does not register anything yet: ``Container/shared``
/// runs the hook once, before the first registration in it or the first resolve from it that
/// finds nothing, whichever comes first. So the app's registrations are in place before
/// anything resolves, and a registration made explicitly (a test's mock, say) overrides the
/// hook's, since the hook has run by the time that registration is made. Name the type before
/// anything uses ``Container/shared``: in tests too, before a test (or its `.overriding`
/// trait) reads it. Naming it again does nothing.
///
/// Earlier releases documented a conformance of `Container` itself,
/// `extension Container: AutoRegistering`. It still works — ``Container/shared`` finds it
/// without a call, and runs it before the hooks of any named type — but Swift 6 warns about it
/// in the app's module (a conformance of an imported type to an imported protocol); a type of
/// the app's own needs no such conformance.
///
/// ## Decisions
///
/// * **Free once run.** The check lives on paths that are slow anyway (registering, a
///   resolve that found nothing, `load`, `resolveAll`); a resolve that finds its service
///   never looks at it. Containers other than ``Container/shared`` never check.
/// * **Exactly once, thread-safely.** Threads that reach the hook while it runs wait for it to
///   end, then proceed. The thread running it never waits for itself: it may register,
///   load modules, and resolve what it has registered. Keep it to registering, though: a
///   resolve in the hook that needs an instance another thread is building while that thread
///   waits for the hook would wait forever.
/// * **Named after the first use, it runs at once**, on the calling thread, so that what it
///   registers is there when ``Container/registerOnFirstUse(_:)`` returns.
/// * **Use the container given.** It is ``Container/shared``; use the parameter, so that
///   the hook reads naturally in tests too.
/// * **A hook that throws** (a module conflict, say) is a programming error: the container
///   traps with the error, after marking the hook as run.
public protocol AutoRegistering {
    /// Registers the app's services in `container` (which is ``Container/shared``).
    static func registerServices(in container: Container) throws
}

/// Naming the app's ``AutoRegistering`` type.
extension Container {
    /// Runs `services`' registrations in the process-wide ``shared`` container once, before its
    /// first use; at once if it is in use already.
    ///
    /// ```swift
    /// Container.registerOnFirstUse(AppServices.self)
    /// ```
    ///
    /// Call it where the app starts, before anything resolves from ``shared``. Each type runs
    /// once per process, however often it is named, and in the order the types were first
    /// named. The hook registers into the process-wide container even while a task binds
    /// another one as ``shared`` (with ``withShared(_:operation:)-(_,()->Result)`` or
    /// ``withOverrides(_:operation:)``).
    ///
    /// The hook runs on whichever thread uses ``shared`` first, so the type's conformance may
    /// not be isolated to an actor (`SendableMetatype`): in a module whose declarations are
    /// `@MainActor` by default, declare the type `nonisolated`.
    ///
    /// - Parameter services: The app's type whose ``AutoRegistering/registerServices(in:)``
    ///   registers its services.
    public static func registerOnFirstUse<Services: AutoRegistering & SendableMetatype>(_ services: Services.Type) {
        guard let gate = processWide.firstUse else { preconditionFailure("the process-wide container has a gate") }
        gate.add(ObjectIdentifier(Services.self), to: processWide) { container in
            try Services.registerServices(in: container)
        }
    }
}

/// Runs first-use hooks exactly once each: the process-wide container's, and the
/// compatibility modules' run-once hooks (Resolver's `registerAllServices()`, Zerk's
/// `AutoStoring`), which reach it with `package` access.
///
/// Who runs the hooks and who waits is decided by the engine's build-once machine
/// (``BuildState``, guarded by `gate.lock`): *pending* is its idle state with `done` false,
/// *running* its building state (the builder is the thread running the hooks: a hook itself
/// resolving gets no wait, but the miss), *done* is `done` true. `done` is a ``Flag``,
/// read without the lock, so the done state costs one load and no lock. A hook added later
/// (``add(_:to:hook:)``) makes the gate pending again, and runs at once if the first use has
/// passed.
///
/// `@unchecked Sendable`: `state`, `pending`, `named` and `used` are guarded by `gate.lock`;
/// `done` is written under `gate.lock` and read without it (a ``Flag``).
package final class FirstUseGate: @unchecked Sendable {
    package typealias Hook = @Sendable (Container) throws -> Void

    /// Only reached through `gate`; first, so that its address does not move (see
    /// ``firstStoredProperty(of:as:)``).
    private var gateWords = ConditionLock.Words()
    /// The hooks still to run, in order.
    private var pending: [Hook]
    /// The types named with ``add(_:to:hook:)``, each run once.
    private var named: Set<ObjectIdentifier> = []
    /// Whether the first use has passed: the hooks pending then have run.
    private var used = false
    private let done = Flag.allocate()
    private var state = BuildState<pthread_t>()
    private var gate: ConditionLock { ConditionLock(firstStoredProperty(of: self, as: ConditionLock.Words.self)) }

    /// A gate that runs `hooks` before the first use, and marks that use even with no hook,
    /// so that a hook added after it runs at once.
    init(hooks: [Hook]) {
        pending = hooks
        withUnsafePointer(to: &gateWords) { assertFirstStoredProperty(of: self, at: $0, "gateWords") }
    }

    /// A gate that runs `hook` before the first use.
    package convenience init(hook: @escaping Hook) {
        self.init(hooks: [hook])
    }

    deinit {
        gate.destroy()
        done.free()
    }

    /// The gate of the process-wide container: it runs the app's ``AutoRegistering``
    /// conformance of `Container`, if it declares one, then the types named with
    /// ``Container/registerOnFirstUse(_:)``.
    static func declared() -> FirstUseGate? {
        guard Container.self as Any.Type is any AutoRegistering.Type else { return FirstUseGate(hooks: []) }
        let gate = FirstUseGate { container in
            // Cast again rather than capture the metatype, which is not `Sendable`.
            try (Container.self as Any.Type as? any AutoRegistering.Type)?.registerServices(in: container)
        }
        gate.named.insert(ObjectIdentifier(Container.self))
        return gate
    }

    /// Adds the hook of the type `type` (nothing if that type was added before): it runs
    /// before the first use of `container`, or now if that has passed.
    func add(_ type: ObjectIdentifier, to container: Container, hook: @escaping Hook) {
        let runNow: Bool = gate.lock.withLock {
            guard named.insert(type).inserted else { return false }
            pending.append(hook)
            done.set(false)
            return used
        }
        if runNow { runIfPending(for: container) }
    }

    /// Whether a hook has not finished yet.
    var isPending: Bool { !done.isSet }

    /// Runs the pending hooks, or waits while another thread runs them.
    ///
    /// - Returns: Whether hooks ran or finished meanwhile (so a lookup that missed should
    ///   look again); false once done, and on the thread running them.
    @discardableResult
    package func runIfPending(for container: Container) -> Bool {
        if done.isSet { return false }
        let me = currentThread()
        gate.lock.lock()
        while true {
            if done.isSet {
                gate.lock.unlock()
                return true
            }
            switch state.claim(by: me, isSameBuilder: isSameThread) {
            case .reentered:
                gate.lock.unlock()
                return false
            case .wait:
                gate.wait()
                state.stopWaiting()
            case .build:
                // Hooks added while these run (by them, or by other threads) run in this
                // build too, before the gate is done.
                var batch = pending
                pending = []
                var failure: (any Error)?
                while true {
                    gate.lock.unlock()
                    do {
                        for hook in batch { try hook(container) }
                    } catch {
                        failure = error
                    }
                    gate.lock.lock()
                    if pending.isEmpty || failure != nil { break }
                    batch = pending
                    pending = []
                }
                pending = []
                used = true
                done.set(true)
                if state.finish() { gate.broadcast() }
                gate.lock.unlock()
                if let failure {
                    fatalError(
                        "Keystone: the AutoRegistering hook of `Container.shared` threw: \(failure). To fix, make `registerServices(in:)` succeed; it runs once, before the first use."
                    )
                }
                return true
            }
        }
    }

    /// After a lookup of `key` from `container` missed: runs the pending hook of `container`
    /// or a parent, if any, and says whether to look again. Yes when a hook ran or ended
    /// meanwhile, and when a gate on the way is done and `key` is now registered: its hook may
    /// have ended between the miss and this call, and what a hook registers is visible once
    /// it is seen done (its ``Flag`` is set after the hook, and read before the lookup).
    static func shouldLookAgain(for key: RegistryKey, from container: Container) -> Bool {
        if runPending(from: container) { return true }
        var current: Container? = container
        while let candidate = current {
            if candidate.firstUse != nil {
                if case .found = container.lookUp(key) { return true }
                return false
            }
            current = candidate.parent
        }
        return false
    }

    /// Runs the pending hook of `container` or one of its parents, if any (the miss path).
    ///
    /// - Returns: Whether a hook ran or finished meanwhile, so the lookup should look again.
    static func runPending(from container: Container) -> Bool {
        // Up the parents by recursion, each borrowed from the child before it: a variable
        // that walks them took a reference to each, a retain and a release (slow ones, for a
        // container that something holds weakly).
        if let gate = container.firstUse, gate.isPending { return gate.runIfPending(for: container) }
        guard let parent = container.parent else { return false }
        return runPending(from: parent)
    }
}
