/// The state of one top-level resolution: the path being resolved (for cycles and
/// diagnostics) and the instances it made (the `.graph` scope).
///
/// A context belongs to the thread that started it. Its `path` and `instances` are only
/// touched by that thread, while the resolution runs, so they need no lock. A ``Resolver``
/// that escapes the resolution (stored for later, or sent to another thread) starts a new
/// top-level resolution when used; the little state such a resolver reads across threads
/// (`root`, `finished`, `escapedOwners`) is guarded by `ResolutionContext.handoff`.
///
/// `@unchecked Sendable`: see above; `waitingFor` is guarded by ``BuildCoordinator``.
final class ResolutionContext: @unchecked Sendable {
    /// Guards the cross-thread state of every context. Taken only when a resolver is used
    /// outside its resolution and when such an escaped context finishes.
    static let handoff = Lock()

    let thread = currentThread()
    /// The resolution this one was started from: the one running on this thread when it
    /// began, or the one whose resolver was used from another thread.
    let origin: ResolutionContext?

    // Owner-thread state.
    var path: [AnyEntry] = []
    /// Keyed by the entry's identity; the value keeps the entry alive, so that its address
    /// cannot be reused by another entry (registered during this resolution) while the key
    /// is in use.
    var instances: [ObjectIdentifier: (entry: AnyEntry, value: Any)] = [:]

    // Cross-thread state, guarded by `handoff` once the context may have escaped.
    /// The container the resolution started from, while it runs.
    private var root: Container?
    private var finished = false
    /// Weak references to the root's container chain, kept when a resolver escapes.
    private var escapedOwners: [WeakContainer] = []

    /// The entry this resolution waits for. Guarded by ``BuildCoordinator``.
    var waitingFor: AnyEntry?

    /// Verification's record of what this resolution resolves; nil outside `verify()`.
    let observer: VerificationObserver?

    init(root: Container, origin: ResolutionContext?, observer: VerificationObserver? = nil) {
        self.root = root
        self.origin = origin
        self.observer = observer ?? origin?.observer
    }

    /// Whether `other` is this resolution or one it was started from.
    func isSelfOrOrigin(_ other: ResolutionContext) -> Bool {
        var current: ResolutionContext? = self
        while let context = current {
            if context === other { return true }
            current = context.origin
        }
        return false
    }

    /// Whether a resolver of this context may use it directly: on its own thread, while the
    /// resolution runs.
    @inline(__always)
    var isUsableHere: Bool {
        isSameThread(thread, currentThread()) && !finished
    }

    /// Ends the resolution. If a resolver escaped (the context is still referenced), keep
    /// only weak references to the containers so that a stored resolver creates no cycle.
    static func finish(_ context: inout ResolutionContext) {
        context.instances = [:]
        context.path = []
        if isKnownUniquelyReferenced(&context) {
            context.finished = true
            context.root = nil
            return
        }
        handoff.withLock {
            var chain: [WeakContainer] = []
            var current = context.root
            while let container = current {
                chain.append(WeakContainer(container))
                current = container.parent
            }
            context.escapedOwners = chain
            context.finished = true
            context.root = nil
        }
    }

    /// For a resolver used outside its resolution: the container `owner` stands for, if it
    /// still exists, and the context to link a new resolution to (nil once finished).
    func escapedLookup(
        _ owner: Unmanaged<Container>
    ) -> (container: Container?, origin: ResolutionContext?) {
        Self.handoff.withLock {
            if !finished {
                // Still running (on another thread): the owner is alive, held by `root`.
                return (owner.takeUnretainedValue(), self)
            }
            let identity = owner.toOpaque()
            let container = escapedOwners.first { $0.identity == identity }?.container
            return (container, nil)
        }
    }
}

/// A weak reference to a container, with its address for identity checks.
struct WeakContainer {
    weak var container: Container?
    let identity: UnsafeMutableRawPointer

    init(_ container: Container) {
        self.container = container
        self.identity = Unmanaged.passUnretained(container).toOpaque()
    }
}
