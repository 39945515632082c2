#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a crash of a factory on a verification thread becomes: a reported problem, not the end
/// of the process that ``Container/verify(samples:)`` checks.
///
/// Swift cannot catch a trap. A `fatalError`, a failed `precondition`, a force unwrap of nil, an
/// index out of range or an arithmetic overflow ends in a trapping instruction, which the
/// system turns into a signal sent to the thread that ran it: SIGILL on x86_64, SIGTRAP on
/// arm64. `abort()` is SIGABRT; a bad memory access SIGSEGV or SIGBUS; an integer division
/// fault SIGFPE. The first verification installs a handler for these signals, once per
/// process. On a verification thread running a factory in verification's copies of the
/// containers, the handler reports the crash and *parks* the thread for good, as a Keystone
/// trap does there (see ``VerificationThread``). Anywhere else it hands the signal to the
/// handler that was installed before it (the Swift runtime's backtracer, a crash reporter, a
/// sanitizer), or, if there was none, to the system's default action: the process ends as it
/// would have without Keystone.
///
/// What the handler may do: the signal is synchronous, raised by the instruction the crashing
/// thread was running, so the only state it can find half-changed is what that thread was in
/// the middle of. On a verification thread that is a factory (no Keystone lock is held while
/// one runs), so the handler takes verification's own locks, which that thread never holds
/// while a factory runs, and allocates nothing. A verification thread has a signal stack of
/// its own, so a stack overflow in a factory is reported too.
enum VerificationCrashes {
    /// The signals a crash raises.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSEGV, SIGBUS]

    /// Installs the handler, the first time only.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        for signal in signals {
            // The action in place before is stored first, then replaced: the handler never
            // runs before what it forwards to is known. (The store and the `sigaction` call that
            // installs the handler happen in that order on this thread; a signal that runs the
            // handler is delivered after the system call, which orders the store before it.)
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            PreviousActions.shared.actions[Int(signal)] = previous
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_sigaction = handleCrash
            #else
                action.__sigaction_handler.sa_sigaction = handleCrash
            #endif
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }()

    /// The signal's name, such as `SIGILL`.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGFPE: "SIGFPE"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        default: "signal \(signal)"
        }
    }

    /// What raises the signal in Swift code.
    static func meaning(of signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP:
            "a trap, as a `fatalError`, a failed `precondition`, a force unwrap of nil, an index out of range or an arithmetic overflow raises"
        case SIGABRT: "`abort()` was called"
        case SIGFPE: "an arithmetic fault"
        default: "a bad memory access (or an overflowed stack)"
        }
    }

    /// Hands `signal` to the action that was in place before Keystone's: its handler, or the
    /// system's default action (a fault cannot be ignored), which then ends the process.
    fileprivate static func forward(
        _ signal: Int32,
        _ info: UnsafeMutablePointer<siginfo_t>?,
        _ context: UnsafeMutableRawPointer?
    ) {
        let previous = PreviousActions.shared.actions[Int(signal)]
        #if canImport(Darwin)
            let withInfo = previous.__sigaction_u.__sa_sigaction
            let plain = previous.__sigaction_u.__sa_handler
        #else
            let withInfo = previous.__sigaction_handler.sa_sigaction
            let plain = previous.__sigaction_handler.sa_handler
        #endif
        if previous.sa_flags & SA_SIGINFO != 0, let withInfo {
            return withInfo(signal, info, context)
        }
        // `SIG_IGN` is the handler whose address is 1.
        if previous.sa_flags & SA_SIGINFO == 0, let plain, unsafeBitCast(plain, to: Int.self) != 1 {
            return plain(signal)
        }
        // The default action, raised again: the signal is blocked while this handler runs, so
        // it is delivered as it returns (and a faulting instruction, run again, raises it too).
        var fallback = sigaction()
        sigemptyset(&fallback.sa_mask)
        sigaction(signal, &fallback, nil)
        raise(signal)
    }
}

/// The actions in place before Keystone's handler, by signal number.
///
/// `@unchecked Sendable`: each element is written once, by the one-time installation, before
/// the handler for its signal is installed; afterwards it is only read (see
/// `VerificationCrashes.installed` for the ordering).
private final class PreviousActions: @unchecked Sendable {
    static let shared = PreviousActions()
    /// Room for every signal number the handled signals use.
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    private init() {
        actions.initialize(repeating: sigaction(), count: 65)
    }
}

/// The handler: a crash of a factory that verification runs is reported and parks its thread;
/// any other goes where it went before.
private func handleCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?)
{
    VerificationThread.parkIfVerifying(crashedWith: signal)
    VerificationCrashes.forward(signal, info, context)
}
