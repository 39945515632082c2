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
/// Declare it by making `Container` conform, anywhere in the app:
///
/// ```swift
/// extension Container: AutoRegistering {
///     public static func registerServices(in container: Container) throws {
///         container.register(APIClient.self, scope: .singleton) { _ in LiveAPIClient() }
///         try container.load(appModule, thingModule)
///     }
/// }
/// ```
///
/// Nothing calls it explicitly: ``Container/shared`` runs it once, before the first
/// registration in it or the first resolve from it that finds nothing, whichever comes
/// first. So the app's registrations are in place before anything resolves, and a
/// registration made explicitly (a test's mock, say) overrides the hook's, since the hook has
/// run by the time that registration is made.
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
/// * **Use the container given.** It is ``Container/shared``; use the parameter, so that
///   the hook reads naturally in tests too.
/// * **A hook that throws** (a module conflict, say) is a programming error: the container
///   traps with the error, after marking the hook as run.
public protocol AutoRegistering {
    /// Registers the app's services in `container` (which is ``Container/shared``).
    static func registerServices(in container: Container) throws
}

/// Runs a first-use hook exactly once.
///
/// Who runs the hook and who waits is decided by the engine's build-once machine
/// (``BuildState``, guarded by `gate.lock`): *pending* is its idle state with `done` false,
/// *running* its building state (the builder is the thread running the hook: the hook itself
/// resolving gets no wait, but the miss), *done* is `done` true, final. `done` is read with an
/// acquire load, so the done state costs one load and no lock.
///
/// `@unchecked Sendable`: `state` is guarded by `gate.lock`; `done` is written with a
/// release store under `gate.lock` and read with acquire loads; `hook` is immutable.
final class FirstUseGate: @unchecked Sendable {
    /// Only reached through `gate`; first, so that its address does not move (see
    /// ``firstStoredProperty(of:as:)``).
    private var gateWords = ConditionLock.Words()
    private let hook: @Sendable (Container) throws -> Void
    private let done: UnsafeMutablePointer<Bool>
    private var state = BuildState<pthread_t>()
    private var gate: ConditionLock { ConditionLock(firstStoredProperty(of: self, as: ConditionLock.Words.self)) }

    init(hook: @escaping @Sendable (Container) throws -> Void) {
        self.hook = hook
        done = .allocate(capacity: 1)
        done.initialize(to: false)
        gate.initialize()
        withUnsafePointer(to: &gateWords) { assertFirstStoredProperty(of: self, at: $0, "gateWords") }
    }

    deinit {
        gate.destroy()
        done.deallocate()
    }

    /// The gate for the app's ``AutoRegistering`` conformance of `Container`, or nil if the
    /// app declares none.
    static func declared() -> FirstUseGate? {
        guard Container.self as Any.Type is any AutoRegistering.Type else { return nil }
        return FirstUseGate { container in
            // Cast again rather than capture the metatype, which is not `Sendable`.
            try (Container.self as Any.Type as? any AutoRegistering.Type)?.registerServices(in: container)
        }
    }

    /// Whether the hook has not finished yet.
    var isPending: Bool { !keystone_load_flag(done) }

    /// Runs the hook if it has not run, or waits while another thread runs it.
    ///
    /// - Returns: Whether the hook ran or finished meanwhile (so a lookup that missed should
    ///   look again); false once done, and on the thread running the hook.
    @discardableResult
    func runIfPending(for container: Container) -> Bool {
        if keystone_load_flag(done) { return false }
        let me = currentThread()
        gate.lock.lock()
        while true {
            if keystone_load_flag(done) {
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
                gate.lock.unlock()
                let failure: (any Error)?
                do {
                    try hook(container)
                    failure = nil
                } catch {
                    failure = error
                }
                gate.lock.withLock {
                    keystone_store_flag(done, true)
                    if state.finish() { gate.broadcast() }
                }
                if let failure {
                    fatalError(
                        "Keystone: the AutoRegistering hook of `Container.shared` threw: \(failure). To fix, make `registerServices(in:)` succeed; it runs once, before the first use."
                    )
                }
                return true
            }
        }
    }

    /// Runs the pending hook of `container` or one of its parents, if any (the miss path).
    ///
    /// - Returns: Whether a hook ran or finished meanwhile, so the lookup should look again.
    static func runPending(from container: Container) -> Bool {
        var current: Container? = container
        while let candidate = current {
            if let gate = candidate.firstUse, gate.isPending {
                return gate.runIfPending(for: candidate)
            }
            current = candidate.parent
        }
        return false
    }
}
