#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread that ``Container/verify(samples:)`` runs factories on, so that a trap a factory
/// reaches ends that thread's work rather than the process being checked.
///
/// Keystone's traps that a factory can reach while it is verified — a trapping `resolve`,
/// `resolveOptional` or `resolveAll`, a lazy property wrapper or resolver read during the build,
/// an `@Injected` property read after its resolve failed — go through
/// ``ResolutionError/trap(file:line:)``. On a verification thread, with every resolution in
/// progress on it in verification's copies of the containers, that reports the error and
/// *parks* the thread for good instead of ending the process: Swift cannot unwind a function
/// that does not throw, and the thread's stack holds the claims of the builds in progress,
/// which nothing else may finish. The copies it built in are abandoned with it (never
/// disposed); verification goes on in fresh copies, on a new thread.
///
/// A trap anywhere else — outside verification, on the caller's thread (main-actor
/// registrations are checked there), or while a resolution runs in a container verification
/// did not copy — ends the process as it always does.
///
/// The caller waits on `gate` while the thread works: the thread's state (`outcome`) is written
/// with `gate.lock` held and read by the caller with it held, so that everything the thread did
/// before it finished or parked happens before the caller goes on.
///
/// `@unchecked Sendable`: `outcome` is guarded by `gate.lock`; the rest is set in `init`.
final class VerificationThread: @unchecked Sendable {
    /// A trap that a factory reached, reported instead of ending the process.
    struct Trapped {
        let error: ResolutionError
        /// The registration whose factory reached the trap.
        let requester: AnyEntry?
        /// Where the trap is: the app's line that asked.
        let location: String
    }

    /// A crash of a factory (a `fatalError`, a force unwrap of nil, a bad memory access…),
    /// reported instead of ending the process (see ``VerificationCrashes``).
    struct Crashed {
        /// The signal the crash raised.
        let signal: Int32
        /// The resolution that was running, frozen where the crash stopped it: read only after
        /// the thread parked.
        let context: ResolutionContext
    }

    /// How the thread's work ended.
    enum Outcome {
        /// It ran to its end.
        case finished
        /// It reached a trap, and the thread is parked for good.
        case trapped(Trapped)
        /// A factory crashed, and the thread is parked for good.
        case crashed(Crashed)
    }

    /// Only reached through `gate`; first, so that it is allocated with the thread's record (see
    /// ``firstStoredProperty(of:as:)``).
    private var gateWords = ConditionLock.Words()
    private var gate: ConditionLock { ConditionLock(firstStoredProperty(of: self, as: ConditionLock.Words.self)) }
    private var outcome: Outcome?
    private let work: @Sendable () -> Void
    /// The observer of the verification this thread works for.
    let observer: VerificationObserver

    private init(observer: VerificationObserver, work: @escaping @Sendable () -> Void) {
        self.observer = observer
        self.work = work
        withUnsafePointer(to: &gateWords) { assertFirstStoredProperty(of: self, at: $0, "gateWords") }
    }

    deinit {
        gate.destroy()
    }

    /// Runs `work` on a new thread and waits until it has finished, or has reached a trap and
    /// parked.
    static func run(for observer: VerificationObserver, _ work: @escaping @Sendable () -> Void) -> Outcome {
        VerificationCrashes.install()
        let thread = VerificationThread(observer: observer, work: work)
        thread.start()
        thread.gate.lock.lock()
        defer { thread.gate.lock.unlock() }
        while true {
            if let outcome = thread.outcome { return outcome }
            thread.gate.wait()
        }
    }

    /// The verification thread this code runs on, if it is one.
    static var current: VerificationThread? {
        pthread_getspecific(key).map { Unmanaged<VerificationThread>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Parks this thread if it is a verification thread that may stop here (see the type's
    /// documentation), after handing `error` to the caller; returns otherwise.
    static func parkIfVerifying(_ error: ResolutionError, file: StaticString, line: UInt) {
        guard let thread = current, let context = CurrentResolution.context, context.observer === thread.observer,
            thread.observer.ownsEveryResolution(from: context)
        else { return }
        thread.finish(
            .trapped(Trapped(error: error, requester: context.requester, location: "\(file):\(line)")))
        RetiredEntries.leaveForGood()
        // Nothing wakes this thread again: `finish` broadcast once, and nobody else does.
        thread.gate.lock.lock()
        while true { thread.gate.wait() }
    }

    /// Parks this thread, from the crash handler, if it is a verification thread running a
    /// factory in verification's copies of the containers, after handing the crash to the
    /// caller; returns otherwise. Allocates nothing (see ``VerificationCrashes``).
    static func parkIfVerifying(crashedWith signal: Int32) {
        guard let thread = current, let context = CurrentResolution.context, context.observer === thread.observer,
            thread.observer.ownsEveryResolution(from: context)
        else { return }
        thread.finish(.crashed(Crashed(signal: signal, context: context)))
        RetiredEntries.leaveForGood()
        // Nothing wakes this thread again. `pause` only returns after another signal's handler
        // ran on it.
        while true { pause() }
    }

    private func finish(_ outcome: Outcome) {
        gate.lock.withLock {
            self.outcome = outcome
            gate.broadcast()
        }
    }

    /// The thread-local word that marks a verification thread, set once by the thread itself.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// The stack a verification thread gets: a main thread's usual size, since a deep graph
    /// resolves recursively (a secondary thread's default is 512 KiB on Apple platforms).
    private static let stackSize = 8 << 20

    /// Starts the thread, detached: nobody joins it, and one that parks is never joined.
    private func start() {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The thread holds its record (retained here, released when `work` returns; kept for
        // good by a thread that parks).
        let record = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, verificationThreadMain, record)
        precondition(status == 0, "pthread_create failed with \(status)")
    }

    /// The body of the thread: marks it, runs the work, hands the outcome to the caller.
    fileprivate func main() {
        // A stack for the crash handler, so that a factory that overflows this thread's stack
        // is reported too. A thread that parks keeps it.
        var signalStack = stack_t()
        signalStack.ss_size = Self.signalStackSize
        signalStack.ss_sp = malloc(Self.signalStackSize)
        sigaltstack(&signalStack, nil)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        work()
        pthread_setspecific(Self.key, nil)
        signalStack.ss_flags = Int32(SS_DISABLE)
        sigaltstack(&signalStack, nil)
        free(signalStack.ss_sp)
        finish(.finished)
    }

    /// The size of a verification thread's signal stack.
    private static let signalStackSize = 64 << 10
}

#if canImport(Darwin)
    private func verificationThreadMain(_ record: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<VerificationThread>.fromOpaque(record).takeRetainedValue().main()
        return nil
    }
#else
    private func verificationThreadMain(_ record: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        Unmanaged<VerificationThread>.fromOpaque(record!).takeRetainedValue().main()
        return nil
    }
#endif

extension ResolutionError {
    /// Ends the process with this error's diagnostic, naming `file` and `line` (the app's line
    /// that asked): what a trapping resolve and a property wrapper that cannot resolve do.
    ///
    /// While ``Container/verify(samples:)`` runs a factory that reaches it, the error is reported
    /// as a problem instead, and the factory's thread stops there (see ``VerificationThread``).
    @usableFromInline
    package func trap(file: StaticString, line: UInt) -> Never {
        VerificationThread.parkIfVerifying(self, file: file, line: line)
        fatalError("Keystone: \(self)", file: file, line: line)
    }
}
