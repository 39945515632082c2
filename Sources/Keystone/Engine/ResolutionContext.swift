import CKeystoneThreadPrimitives

/// The state of one top-level resolution, synchronous or awaited: the path being resolved (for
/// cycles and diagnostics) and the instances it made (the `.graph` scope). One type for both,
/// handed to every factory in its resolver (``Resolver/context``, ``AsyncResolver/resolution``);
/// what differs is who may touch it.
///
/// - **A synchronous resolution** belongs to the thread that started it. Its path and
///   `instances` (``confined``) are only touched by that thread, while the resolution runs, so
///   they need no lock. A ``Resolver`` that escapes the resolution (stored for later, or sent to
///   another thread) starts a new top-level resolution when used; the little state such a
///   resolver reads across threads (`root`, `finished`, `escapedOwners`) is guarded by
///   `ResolutionContext.handoff`. A context that no resolver kept is reused by the next
///   top-level resolution on its thread (see ``begin(root:origin:observer:requestScope:awaited:)``
///   and ``finish(_:)``), with its path and `instances` storage, so that a resolve allocates
///   nothing but what its factories make.
/// - **An awaited resolution** is shared by its branches (`async let`), which run on any
///   thread, each with its own path (in its ``AsyncResolver``). What they share, the `.graph`
///   instances (the same record, `instances`) and who builds each (``awaitedBuilds``), is
///   under the context's lock; see `ResolutionContext+Awaited.swift`. A synchronous
///   resolution that one of its factories starts is a context of its own, linked to it
///   (``awaited``).
///
/// `@unchecked Sendable`: see above; in an awaited resolution, `instances` and
/// `awaitedBuilds` are guarded by the lock in ``awaitedWords``; `waitingFor` and
/// `waitingForRequestBuilder` by ``BuildCoordinator/waitGraph``.
@usableFromInline
final class ResolutionContext: @unchecked Sendable {
    /// An awaited resolution's lock and ended flag (see ``AwaitedWords``): first, so that they
    /// are found at a fixed place in the object. Only reached through the awaited half's
    /// accessors.
    private var awaitedWords = AwaitedWords()

    /// The builds an awaited resolution's branches claimed (see ``AwaitedBuilds``), only under
    /// the lock of ``awaitedWords``, which already makes the accesses exclusive: the run-time
    /// exclusivity check is turned off. With it, each access cost about 80 instructions (a
    /// thread-local access set), and a field each, touched several times per step, had cost an
    /// awaited `.graph` resolve about 400. Empty in a synchronous resolution.
    @exclusivity(unchecked) var awaitedBuilds = AwaitedBuilds()

    /// Whether this is an awaited resolution, whose branches share its instances, rather than
    /// a synchronous one, confined to its thread. Set when the context is made, never changed:
    /// the two kinds of resolution keep their own spares (a thread's, a container's).
    let isAwaited: Bool

    /// Guards the cross-thread state of every context. Taken only when a resolver is used
    /// outside its resolution and when such an escaped context finishes.
    static let handoff = Lock()

    let thread = currentThread()
    /// The resolution this one was started from: the one running on this thread when it
    /// began, or the one whose resolver was used from another thread. Set when it begins.
    private(set) var origin: ResolutionContext?

    /// What only this context's thread touches, while its resolution runs: one value, so that
    /// one declaration turns off the dynamic exclusivity checks (a thread-local lookup on every
    /// access) that no other thread could ever trip. An awaited resolution, which no thread
    /// owns, uses only `instances`, and only under its lock (see `withShared`), which makes
    /// the accesses exclusive in the same way.
    struct Confined: ~Copyable {
        /// The entries being built, outermost first: `depth` of them at `pathStorage`, which
        /// has room for `pathCapacity`. Unretained: each is held by the call that builds it,
        /// which pushes it and pops it before returning (``push(_:)``, ``pop()``). Manual
        /// storage rather than an array: entering and leaving a build is a store and an
        /// increment, with no uniqueness check and no reference count.
        fileprivate var pathStorage: PathStorage
        fileprivate var pathCapacity: Int
        /// How many entries are being built.
        fileprivate(set) var depth = 0
        /// The `.graph` instances made so far, and, in a synchronous resolution, those whose
        /// hooks are running.
        var instances = ResolutionInstances()
        /// The owner of the module factory this resolution is running, innermost first, for
        /// `get()` (see `ModuleResolution`): the container of that factory's resolver (whose
        /// context is this one), which its call sets before the factory runs and restores after
        /// it.
        var moduleOwner: Unmanaged<Container>?

        fileprivate typealias PathStorage = UnsafeMutablePointer<Unmanaged<AnyEntry>>

        /// The storage of a path with room for nothing, where every path starts: a fixed
        /// address, aligned, never read, written or freed (its capacity is 0). The first push
        /// makes room, so a context that never pushes (an awaited resolution's, whose branches
        /// keep their paths in their resolvers) allocates nothing for its path, and a
        /// synchronous one allocates once: its thread keeps it for the next resolution.
        private static var noPath: PathStorage { PathStorage(bitPattern: 8)! }

        fileprivate init() {
            pathCapacity = 0
            pathStorage = Self.noPath
        }

        deinit {
            if pathCapacity > 0 { pathStorage.deallocate() }
        }
    }

    /// The owner-thread state (see ``Confined``).
    @exclusivity(unchecked) var confined = Confined()

    // Cross-thread state, guarded by `handoff` once the context may have escaped.
    /// The container the resolution started from, while it runs.
    /// Unretained: the top-level call that runs the resolution holds it, and the resolution
    /// ends (``finish(_:)``) before that call returns.
    private var root: Unmanaged<Container>?
    private var finished = false
    /// Weak references to the root's container chain, kept when a resolver escapes.
    private var escapedOwners: [WeakContainer] = []

    /// The entry this resolution waits for, whose build state names its builder. Guarded by
    /// ``BuildCoordinator/waitGraph``.
    var waitingFor: AnyEntry?
    /// The resolution that builds the `.request` instance this resolution waits for (see
    /// ``RequestScope``); the scope clears it, under the same lock, before that build ends, so
    /// the reference never outlives the build. Guarded by ``BuildCoordinator/waitGraph``.
    var waitingForRequestBuilder: ResolutionContext?

    /// Verification's record of what this resolution resolves; nil outside `verify()`.
    /// Owner-thread state, set when the resolution begins.
    private(set) var observer: VerificationObserver?

    /// The request scope this resolution builds `.request` services in; nil outside one.
    /// Set when the resolution begins, and kept by a context whose resolver escaped, so that
    /// a resolver stored during a request resolves in that request later.
    var requestScope: RequestScope? { requestScopeWord?.takeUnretainedValue() }

    /// ``requestScope``, unretained (a retain and a release on every resolve of a request
    /// scope): while the resolution runs, whoever started it holds the scope (the scope's
    /// resolve, or the resolution this one was started from); a context whose resolver
    /// escaped holds it in `keptRequestScope` from when it finishes. Never changed while a
    /// resolver of the context may read it on another thread: set when the resolution
    /// begins, emptied when it finishes unless a resolver escaped.
    private(set) var requestScopeWord: Unmanaged<RequestScope>?

    /// The request scope, kept by a context whose resolver escaped (see ``requestScopeWord``).
    private var keptRequestScope: RequestScope?

    /// The resolver of the awaited resolution this one runs in, when an async factory resolved
    /// a synchronous registration with it: that resolution shares its `.graph` instances with
    /// this one (see `ResolutionContext+Awaited.swift`), and its path is the start of this
    /// one's in a diagnostic (see ``pathSteps``). Nil otherwise. Set when the resolution begins, as the
    /// request scope is.
    private(set) var awaited: AsyncResolver?

    /// Whether any of `origin`, `observer`, `requestScope` and `awaited` was set: the one test
    /// ``finish(_:)`` makes before it empties them for the next resolution, where a test
    /// each was a few instructions of every resolve.
    private var isLinked = false

    private init(
        root: Container,
        origin: ResolutionContext?,
        observer: VerificationObserver?,
        requestScope: RequestScope?,
        awaited: AsyncResolver?
    ) {
        self.root = .passUnretained(root)
        self.origin = origin
        self.observer = observer
        self.requestScopeWord = requestScope.map { .passUnretained($0) }
        self.awaited = awaited
        isAwaited = false
        isLinked = origin != nil || observer != nil || requestScope != nil || awaited != nil
        withUnsafePointer(to: &awaitedWords) { assertFirstStoredProperty(of: self, at: $0, "awaitedWords") }
    }

    /// A context for an awaited resolution (see ``beginAwaited(in:)``), which no thread owns:
    /// none of the synchronous half's links is set, and its path stays empty.
    init(awaitedIn: Void) {
        isAwaited = true
        withUnsafePointer(to: &awaitedWords) { assertFirstStoredProperty(of: self, at: $0, "awaitedWords") }
    }

    /// A context for a new top-level resolution on this thread: the thread's spare one if
    /// it has one, otherwise a new one. A resolution started from one that verification
    /// observes is observed too, one started from a resolution in a request scope is in that
    /// request scope too, and one started from a resolution in an awaited one is in that
    /// awaited one too.
    static func begin(
        root: Container,
        origin: ResolutionContext?,
        observer: VerificationObserver? = nil,
        requestScope: RequestScope? = nil,
        awaited: AsyncResolver? = nil
    ) -> ResolutionContext {
        let observer = observer ?? origin?.observer
        let requestScope = requestScope ?? origin?.requestScope
        let awaited = awaited ?? origin?.awaited
        guard let spare = keystone_take_spare_resolution() else {
            return ResolutionContext(
                root: root, origin: origin, observer: observer, requestScope: requestScope, awaited: awaited)
        }
        let context = Unmanaged<ResolutionContext>.fromOpaque(spare).takeRetainedValue()
        context.restart(root: root)
        if let origin { context.origin = origin }  // a spare's is nil already
        if let observer { context.observer = observer }  // a spare's is nil already
        if let requestScope { context.requestScopeWord = .passUnretained(requestScope) }  // a spare's is nil already
        if let awaited { context.awaited = awaited }  // a spare's is nil already
        // Every field set here is emptied by `finish` only if this is set: a request scope
        // left behind would be the next resolution's on this thread.
        if origin != nil || observer != nil || requestScope != nil || awaited != nil { context.isLinked = true }
        return context
    }

    /// Starts a new resolution from `root` in this spare context (its origin, observer and
    /// request scope nil), in `requestScope` if given.
    @inline(__always)
    func restart(root: Container, requestScope: RequestScope? = nil) {
        self.root = .passUnretained(root)
        finished = false
        if let requestScope {
            requestScopeWord = .passUnretained(requestScope)
            isLinked = true
        }
    }

    /// The container this resolution started from, while it runs (nil once it has finished).
    var rootContainer: Container? {
        ResolutionContext.handoff.withLock { root?.takeUnretainedValue() }
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
    /// resolution runs. Usually it is the innermost resolution running on this thread (the
    /// thread-local word says so, which only its own thread sets, between its start and its
    /// end); otherwise the thread is compared, which costs two library calls.
    @inline(__always)
    var isUsableHere: Bool {
        if keystone_get_current_resolution() == Unmanaged.passUnretained(self).toOpaque() { return true }
        return isSameThread(thread, currentThread()) && !finished
    }

    /// Ends the resolution. If a resolver escaped (the context is still referenced), keep
    /// only weak references to the containers so that a stored resolver creates no cycle;
    /// otherwise keep the context, emptied, as this thread's spare.
    static func finish(_ context: consuming ResolutionContext) {
        // The path is empty again (every build pops its entry); `instances` only after `.graph`.
        if !context.confined.instances.isEmpty { context.confined.instances.removeAll() }
        if isKnownUniquelyReferenced(&context) {
            context.finished = true
            context.root = nil
            if context.isLinked {
                // Each tested first: storing nil releases the old value, even a nil one.
                if context.origin != nil { context.origin = nil }
                if context.observer != nil { context.observer = nil }
                context.requestScopeWord = nil
                if context.awaited != nil { context.awaited = nil }
                context.isLinked = false
            }
            // Hands this reference over to the thread's spare word (no retain and release).
            let retained = Unmanaged.passRetained(consume context).toOpaque()
            if !keystone_keep_spare_resolution(retained, { Unmanaged<ResolutionContext>.fromOpaque($0).release() }) {
                Unmanaged<ResolutionContext>.fromOpaque(retained).release()
            }
            return
        }
        context.confined.instances = ResolutionInstances()
        handoff.withLock {
            var chain: [WeakContainer] = []
            var current = context.root?.takeUnretainedValue()
            while let container = current {
                chain.append(WeakContainer(container))
                current = container.parent
            }
            context.escapedOwners = chain
            // Alive here: whoever started this resolution still holds it.
            context.keptRequestScope = context.requestScope
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

// MARK: - The path

extension ResolutionContext {
    /// Puts `entry` on the path, innermost. The caller pops it with ``pop()`` before it returns,
    /// however it returns.
    @inline(__always)
    func push(_ entry: AnyEntry) {
        push(Unmanaged.passUnretained(entry).toOpaque())
    }

    /// ``push(_:)`` of the entry at `entry`, which the caller keeps alive until it pops it.
    @inline(__always)
    func push(_ entry: UnsafeMutableRawPointer) {
        if _slowPath(confined.depth == confined.pathCapacity) { growPath() }
        (confined.pathStorage + confined.depth).initialize(to: .fromOpaque(entry))
        confined.depth += 1
    }

    /// Takes the innermost entry off the path.
    @inline(__always)
    func pop() {
        confined.depth -= 1
    }

    @inline(never)
    private func growPath() {
        let capacity = max(8, confined.pathCapacity * 2)
        let larger = Confined.PathStorage.allocate(capacity: capacity)
        larger.moveInitialize(from: confined.pathStorage, count: confined.depth)
        if confined.pathCapacity > 0 { confined.pathStorage.deallocate() }
        confined.pathStorage = larger
        confined.pathCapacity = capacity
    }

    /// How many entries are being built.
    var depth: Int { confined.depth }

    /// The entry being built innermost, if any.
    var innermost: AnyEntry? {
        confined.depth == 0 ? nil : confined.pathStorage[confined.depth - 1].takeUnretainedValue()
    }

    /// The entries being built, outermost first (for diagnostics).
    var path: [Unmanaged<AnyEntry>] {
        Array(UnsafeBufferPointer(start: confined.pathStorage, count: confined.depth))
    }

    /// Whether `entry` (an entry's address) is on this context's path.
    @inline(__always)
    func isOnPath(_ entry: UnsafeMutableRawPointer) -> Bool {
        var index = confined.depth
        while index > 0 {
            index -= 1
            if confined.pathStorage[index].toOpaque() == entry { return true }
        }
        return false
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
