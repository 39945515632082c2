import CKeystoneThreadPrimitives

/// The instances of one request: what the ``Scope/request`` services declared on a container
/// are, for one server request, job or other unit of work, and the values that came with it.
///
/// Declare the request's services once, on the app's container or in a module, and begin a
/// scope per request, handing it the request's own values; nothing is registered per request:
///
/// ```swift
/// let app = Container()
/// app.register(scope: .singleton) { _ in NoteStore() }
/// app.registerRequestValue(RequestID.self)
/// app.register(scope: .request) { r in try AuditLog(request: r.resolve()) }
/// app.register { r in try NoteHandler(store: r.resolve(), audit: r.resolve()) }
///
/// let handled = try app.withRequest(providing: RequestID("req-1")) { request in
///     let handler: NoteHandler = try request.tryResolve()
///     return handler.handle()
/// }
/// ```
///
/// Within one request scope each `.request` service is built once, on first use (also when
/// several tasks of the request resolve it at once), and shared by everything the request
/// resolves; another request gets its own. The app's singletons are shared as usual. When the
/// scope ends (``end()``, or the end of ``Container/withRequest(providing:operation:)``, also when it
/// throws), its instances are disposed newest first: ``Disposable/dispose()`` and the
/// registrations' `onDispose` hooks.
///
/// A request scope builds with synchronous factories (resolve with ``tryResolve(_:name:arguments:)``
/// from async code too); a `.request` registration with an async factory fails with an error
/// that says so: open what the request must await first, and hand it over as a request value.
///
/// A request scope is cheap: an object and a small table, no registration and no container;
/// ``Container/withRequest(providing:operation:)`` reuses the object for a later request when
/// nothing kept it. Use a child container (``Container/init(parent:defaultScope:duplicates:)``)
/// where a request must *replace* registrations; a request scope only adds instances.
///
/// `@unchecked Sendable`: `state` is guarded by `gate.lock`; `containerReference` is set in
/// `init`. The state is reached without the lock only where no other thread can reach the
/// scope: in `init` and `deinit`, and in `begin(in:values:holdingContainer:)`, which takes a spare scope
/// from its container's word with a sequentially consistent exchange (ordered after the
/// release compare-and-exchange of `endAndRecycle(_:of:)` that left it there, and no one else
/// can take it). `endAndRecycle(_:of:)` empties a scope only the caller still holds, after
/// taking the lock once, which orders the accesses of any thread that held it before; it sets
/// `state.keptContainer` of a scope that others hold under the lock, and only `deinit` reads
/// it then. A thread that waits for another's build waits on `gate`.
public final class RequestScope: @unchecked Sendable {
    /// Only reached through `gate`; first, so that the scope allocates nothing for it (see
    /// ``firstStoredProperty(of:as:)``).
    private var gateWords = ConditionLock.Words()
    private var gate: ConditionLock { ConditionLock(firstStoredProperty(of: self, as: ConditionLock.Words.self)) }

    /// The container the request resolves from: the app's.
    public var container: Container { containerReference.takeUnretainedValue() }
    /// ``container``, unretained, so that the scope can wait as its container's spare (see
    /// ``endAndRecycle(_:of:)``) without keeping the container alive: `keptContainer` holds it
    /// whenever something other than a running `withRequest` can reach the scope.
    @usableFromInline let containerReference: Unmanaged<Container>

    /// What `gate.lock` guards, one value, reached under the lock or where no other thread can
    /// reach the scope (see the type's comment), which already makes the accesses exclusive:
    /// the run-time exclusivity check, a thread-local lookup on every access, is off for it.
    @exclusivity(unchecked) private var state: State

    /// What `gate.lock` guards.
    private struct State {
        /// ``container``, held strongly while something may use the scope after the
        /// container's last other holder lets go: from ``Container/beginRequest(providing:)``,
        /// and from the end of a `withRequest` whose work kept the scope. Nil while a
        /// `withRequest` runs with it (whose caller holds the container for the call) and
        /// while it is a spare.
        var keptContainer: Container?
        /// The request's values, by type, as ``Container/beginRequest(providing:)`` was given
        /// them.
        var values: [(type: ObjectIdentifier, value: any Sendable)]
        /// The first row this scope met, inline: most requests have one `.request` service or
        /// two, and one row allocates nothing. The others, in the order they came, in `more`.
        /// A row's index is 0 for `first`, `i + 1` for `more[i]`.
        var first: Row? = nil
        var more: [Row] = []
        /// How many builds have finished.
        var finished = 0
        /// The resolutions waiting for a build, and the row each waits for. Each has recorded
        /// the row's builder in the engine's wait-for graph (see ``BuildCoordinator``), which
        /// tells a wait that would never end (two builds of this request each waiting for the
        /// other, or a request's build and a singleton's); the scope clears those records when
        /// the build ends.
        var waits: [(waiter: ResolutionContext, row: Int)] = []
        var hasEnded = false
    }

    /// The resolution building a row, unretained (see ``Row/build``).
    private typealias Builder = Unmanaged<ResolutionContext>

    /// One `.request` registration this scope has met.
    ///
    /// Its states: *built* (`box` set: every resolve gets it), or not built, where the engine's
    /// build-once machine (`build`) says who builds it and who waits (*free* when it is idle: a
    /// build failed, the next resolve builds). A row is never removed before the scope ends.
    private struct Row {
        let entry: AnyEntry
        /// `entry`'s identity, which ``index(of:)`` compares: reading it copies no reference.
        let id: ObjectIdentifier
        /// The instance, as ``AnyEntry/requestStored`` made it: a reference the row owns, held
        /// unmanaged so that disposing it moves it out (a managed field of a row being
        /// consumed is copied out, a retain and a release more on every request). Given to
        /// `entry` once, by ``dispose()``, as the scope ends; never dropped otherwise.
        var box: Unmanaged<AnyObject>?
        /// Who builds it, and how many wait. The builder is unretained: it is set only while
        /// its build runs, which holds the context, and cleared (under `gate.lock`) before that
        /// build returns.
        var build = BuildState<Builder>()
        /// When its build finished, counted from 1 (0: not built): the order to dispose in,
        /// reversed.
        var finished = 0

        /// Disposes its instance, if built, handing the row's reference over.
        consuming func dispose() {
            guard let box else { return }
            entry.disposeInRequest(box.takeRetainedValue())
        }
    }

    init(
        container: Container,
        values: [(type: ObjectIdentifier, value: any Sendable)],
        holdingContainer: Bool = true
    ) {
        self.containerReference = .passUnretained(container)
        self.state = State(keptContainer: holdingContainer ? container : nil, values: values)
        withUnsafePointer(to: &gateWords) { assertFirstStoredProperty(of: self, at: $0, "gateWords") }
    }

    deinit {
        // Let go without `end()`: end it now, so that its instances are still disposed.
        if !state.hasEnded { end() }
        gate.destroy()
    }

    /// Whether ``end()`` has run.
    public var isEnded: Bool { gate.lock.withLock { state.hasEnded } }

    /// Resolves a service in this request, trapping with the full diagnostic if it cannot be
    /// built.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The name it was registered under, if any.
    ///   - arguments: The runtime arguments, matching the registration's.
    ///   - file: The file of the call, which a trap names. Leave the default.
    ///   - line: The line of the call, which a trap names. Leave the default.
    @inlinable
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Service {
        do {
            return try tryResolve(type, name: name, arguments: repeat each arguments)
        } catch {
            error.trap(file: file, line: line)
        }
    }

    /// Resolves a service in this request: its `.request` services are this request's, the
    /// rest as the container resolves them.
    ///
    /// - Throws: ``ResolutionError``; ``ResolutionError/Kind/requestEnded`` for a `.request`
    ///   service once the scope has ended.
    @inlinable
    public func tryResolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: Name? = nil,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let key = RegistryKey(Service.self, name: name, arguments: (repeat each Argument).self)
        // The container borrowed, as the scope holds it: no retain and release of it.
        let result = containerReference._withUnsafeGuaranteedRef { container -> Result<Service, ResolutionError> in
            // The app's built singletons are the same in every request: the lock-free read that
            // `Container.tryResolve` takes, before anything request-specific.
            let probe = container.registry.probeForResolve(key)
            if let box = probe.published { return .success(InstanceBox<Service>.copy(box)) }
            if container.parent != nil, !probe.hasSlot, let box = container.protectPublishedByParent(for: key) {
                return .success(InstanceBox<Service>.copy(box))
            }
            return PackedArguments.with(repeat each arguments) { packed in
                Result { () throws(ResolutionError) -> Service in
                    try container.resolveUncached(
                        key,
                        found: probe,
                        name: name,
                        argumentTypes: (repeat each Argument).self,
                        arguments: packed,
                        requestScope: self
                    )
                }
            }
        }
        return try result.get()
    }

    /// Ends the request: disposes the instances of its `.request` services, newest first
    /// (``Disposable/dispose()``, then the registrations' `onDispose` hooks), with no lock held.
    /// A second call does nothing; a `.request` service resolved after it fails with
    /// ``ResolutionError/Kind/requestEnded``.
    public func end() {
        // Moved out, not copied (a copy is a retain and a release of each reference).
        var later: [Row] = []
        let taken: Row? = gate.lock.withLock {
            guard !state.hasEnded else { return nil }
            state.hasEnded = true
            swap(&later, &state.more)
            if !state.waits.isEmpty {
                forgetBuilder(ofRow: nil)
                gate.broadcast()
            }
            return state.first.take()
        }
        guard let newestFirst = taken else { return }
        Self.dispose(newestFirst, later)
    }

    /// Disposes the instances of the rows a scope gave away as it ended (`newestFirst`, then
    /// `later`, in the order they came), newest first.
    private static func dispose(_ newestFirst: consuming Row, _ later: consuming [Row]) {
        guard !later.isEmpty else {
            return newestFirst.dispose()
        }
        // Newest first: the built rows by when their builds finished, latest first (a handful
        // of rows: picked in turn, with no array of their own).
        let rows = [newestFirst] + later
        var below = Int.max
        while true {
            var newest = -1
            for index in rows.indices where rows[index].finished < below {
                if newest < 0 || rows[index].finished > rows[newest].finished { newest = index }
            }
            guard newest >= 0, rows[newest].box != nil else { break }
            rows[newest].dispose()
            below = rows[newest].finished
        }
    }

    /// A scope for a new request from `container`: the container's spare one, if a request
    /// that ended left one (see ``endAndRecycle(_:of:)``), otherwise a new one. It holds its
    /// container if `holdingContainer`; `withRequest`, whose caller holds the container for
    /// the call, has it hold none unless the work keeps the scope.
    @usableFromInline
    static func begin(
        in container: Container,
        values: [(type: ObjectIdentifier, value: any Sendable)],
        holdingContainer: Bool
    ) -> RequestScope {
        guard let scope = PublishedObject<RequestScope>(container.registry.spareRequestScopeWord).take() else {
            return RequestScope(container: container, values: values, holdingContainer: holdingContainer)
        }
        // Taken by the exchange (which orders this after the store that left it there): no
        // other thread holds a reference to it.
        if holdingContainer { scope.state.keptContainer = container }
        if !values.isEmpty { scope.state.values = values }
        return scope
    }

    /// Ends `scope`, begun by `withRequest` in `container`, as ``end()`` does, and leaves it as
    /// the container's spare for the next request if nothing else can reach it: no strong,
    /// unowned or weak reference but the one the caller hands over. A scope that something
    /// kept (a resolver of the request, a service that holds it) is only ended, holds its
    /// container from now on, and is freed as usual when the last holder lets go.
    @usableFromInline
    static func endAndRecycle(_ scope: consuming RequestScope, of container: Container) {
        var scope = scope
        // The standard library's counts, read from the object's header: with no unowned
        // reference the unowned count is 1 (the strong references hold one together), and with
        // no weak reference the weak count is at most 1. A reference that an unowned or weak
        // holder had kept would otherwise see another request's scope.
        guard isKnownUniquelyReferenced(&scope), _getUnownedRetainCount(scope) == 1,
            _getWeakRetainCount(scope) <= 1
        else {
            // Kept: it may outlive the caller's hold on the container. Only its `deinit` reads
            // `keptContainer` again, once the last holder lets go.
            scope.gate.lock.withLock { scope.state.keptContainer = container }
            return scope.end()
        }
        // Only the caller can reach it now. Another thread may have held it during the
        // request and let it go: its accesses were all under `gate.lock` (`values` too), and
        // it let go after them (which the check above sees, as copy-on-write does), so taking
        // the lock once orders them before the writes below, made without it.
        scope.gate.lock.lock()
        scope.gate.lock.unlock()
        // `end()`, had the work called it, took the rows.
        if !scope.state.hasEnded, let newestFirst = scope.state.first.take() {
            if scope.state.more.isEmpty {
                // One row, the usual request: no array to make and let go.
                newestFirst.dispose()
            } else {
                var later: [Row] = []
                swap(&later, &scope.state.more)
                dispose(newestFirst, later)
            }
        }
        scope.state.hasEnded = false
        scope.state.finished = 0
        if !scope.state.values.isEmpty { scope.state.values = [] }
        // The caller's reference becomes the spare word's, published with release ordering
        // (the exchange in `begin` that takes it acquires): the thread that takes it sees these
        // stores.
        PublishedObject<RequestScope>(container.registry.spareRequestScopeWord).offer(consume scope)
    }

    /// The index of `entry`'s row (see `first`), if it has one. Called with `gate.lock` held.
    @inline(__always)
    private func index(of entry: AnyEntry) -> Int? {
        let wanted = ObjectIdentifier(entry)
        if state.first?.id == wanted { return 0 }
        if state.more.isEmpty { return nil }
        return state.more.firstIndex { $0.id == wanted }.map { $0 + 1 }
    }

    /// Runs `body` on the row at `index`, in place. Called with `gate.lock` held.
    @inline(__always)
    private func withRow<Result>(_ index: Int, _ body: (inout Row) -> Result) -> Result {
        index == 0 ? body(&state.first!) : body(&state.more[index - 1])
    }

    // MARK: - The engine's side

    /// What a resolution is to do about a `.request` entry.
    ///
    /// Trivial (no reference in it), so that a claim is handed back without a retain and a
    /// release of its payload.
    enum Claim {
        /// Use this instance (as ``AnyEntry/requestStored`` made it), retained for the caller,
        /// who takes the reference over.
        case built(Unmanaged<AnyObject>)
        /// Build it, then ``store(_:inRow:for:)`` or ``abandon(row:)`` the row at this index.
        case build(row: Int)
        /// The resolution asking builds it already: a cycle within the resolution.
        case reentered
        /// Waiting would never end: a cycle across resolutions.
        case cycle
        /// The scope has ended.
        case ended
    }

    /// Claims `entry` for `context`: its instance if built, the build if nobody builds it, a
    /// wait for the resolution that builds it otherwise.
    func claim(_ entry: AnyEntry, by context: ResolutionContext) -> Claim {
        gate.lock.lock()
        defer { gate.lock.unlock() }
        let me = Builder.passUnretained(context)
        while true {
            if state.hasEnded { return .ended }
            guard let index = index(of: entry) else {
                var row = Row(entry: entry, id: ObjectIdentifier(entry), box: nil)
                _ = row.build.claim(by: me, isSameBuilder: Self.isSameContext)
                if state.first == nil {
                    state.first = row
                    return .build(row: 0)
                }
                state.more.append(row)
                return .build(row: state.more.count)
            }
            let claim = withRow(index) { row -> BuildState<Builder>.Claim? in
                row.box == nil ? row.build.claim(by: me, isSameBuilder: Self.isSameContext) : nil
            }
            switch claim {
            case nil:
                return withRow(index) { .built($0.box!.retain()) }
            case .build:
                return .build(row: index)
            case .reentered:
                return .reentered
            case .wait(let builder):
                if BuildCoordinator.beginWaiting(context, forRequestBuiltBy: builder.takeUnretainedValue()) {
                    withRow(index) { $0.build.stopWaiting() }
                    return .cycle
                }
                state.waits.append((context, index))
                gate.wait()
                state.waits.removeAll { $0.waiter === context }
                BuildCoordinator.endWaiting(context)
                // An ended scope has given its rows away.
                if !state.hasEnded { withRow(index) { $0.build.stopWaiting() } }
            }
        }
    }

    /// Whether two builders are the same resolution.
    private static func isSameContext(_ a: Builder, _ b: Builder) -> Bool {
        a.toOpaque() == b.toOpaque()
    }

    /// Forgets the builder that the resolutions waiting for the row at `index` (every row, for
    /// nil) recorded, as its build ends: a wait-for walk must not follow a builder that has
    /// moved on. Called with `gate.lock` held.
    private func forgetBuilder(ofRow index: Int?) {
        let waiters = state.waits.lazy.filter { index == nil || $0.row == index }.map(\.waiter)
        BuildCoordinator.endWaiting(forRequestBuilder: waiters)
    }

    /// Keeps `box` (retained: the caller's reference becomes the row's), the instance built
    /// for `entry` in the row at `index` (as ``claim(_:by:)`` gave it), and wakes those waiting
    /// for it. Built after the scope ended, it is disposed at once (the caller still gets it).
    func store(_ box: Unmanaged<AnyObject>, inRow index: Int, for entry: AnyEntry) {
        let late: Bool = gate.lock.withLock {
            // An ended scope has given its rows away.
            guard !state.hasEnded else { return true }
            state.finished += 1
            let wake = withRow(index) { row in
                row.box = box
                row.finished = state.finished
                return row.build.finish()
            }
            if wake {
                forgetBuilder(ofRow: index)
                gate.broadcast()
            }
            return false
        }
        if late { entry.disposeInRequest(box.takeRetainedValue()) }
    }

    /// Whether this scope holds an instance of `entry` (for the logger's "reused").
    func hasBuilt(_ entry: AnyEntry) -> Bool {
        gate.lock.withLock {
            guard let index = index(of: entry) else { return false }
            return withRow(index) { $0.box != nil }
        }
    }

    /// Frees the row at `index` (as ``claim(_:by:)`` gave it) after its build failed: the next
    /// resolve (one that waited, or a later one) builds it.
    func abandon(row index: Int) {
        gate.lock.withLock {
            guard !state.hasEnded else { return }
            if withRow(index, { $0.build.finish() }) {
                forgetBuilder(ofRow: index)
                gate.broadcast()
            }
        }
    }

    /// The request value of type `Value`, if the scope was given one.
    func value<Value>(of type: Value.Type) -> Value? {
        let wanted = ObjectIdentifier(Value.self)
        // Read under the lock: a scope that withRequest reuses empties `values` under it.
        let values = gate.lock.withLock { self.state.values }
        for given in values where given.type == wanted {
            // Given as a `Value` (the key is the type as written), so the payload is one:
            // reinterpreted rather than cast, which asks the runtime to search for a conversion.
            // Only an existential `Value`, whose payload is the concrete type, is cast.
            func open<Payload>(_ payload: Payload) -> Value {
                if Payload.self == Value.self { return unsafeBitCast(payload, to: Value.self) }
                return payload as! Value
            }
            return _openExistential(given.value, do: open)
        }
        return nil
    }
}

extension Container {
    /// Begins a request scope: where this container's ``Scope/request`` services get one
    /// instance for this request, and its request values (``registerRequestValue(_:file:line:)``)
    /// are `values`. End it with ``RequestScope/end()``; prefer
    /// ``withRequest(providing:operation:)``, which ends it however the work ends, and reuses
    /// it for a later request if nothing kept it.
    ///
    /// - Parameter values: The request's values, such as its ID and its authenticated user, one
    ///   per type.
    @inlinable
    public func beginRequest<each Value: Sendable>(providing values: repeat each Value) -> RequestScope {
        RequestScope.begin(in: self, values: requestValues(repeat each values), holdingContainer: true)
    }

    /// The request values given to ``beginRequest(providing:)`` or `withRequest`, keyed by the
    /// type as written, which is what ``registerRequestValue(_:file:line:)`` declares.
    @inlinable
    func requestValues<each Value: Sendable>(
        _ values: repeat each Value
    ) -> [(type: ObjectIdentifier, value: any Sendable)] {
        var all: [(type: ObjectIdentifier, value: any Sendable)] = []
        repeat all.append((ObjectIdentifier((each Value).self), each values))
        return all
    }

    /// Runs `body` in a new request scope, and ends the scope when it returns or throws.
    ///
    /// The scope is valid for `body` only. Once ended, a scope that nothing kept (no strong,
    /// weak or unowned reference) waits as the container's spare, emptied, and serves a later
    /// request: a request then allocates nothing for its scope. A scope that something kept
    /// stays ended, and is freed when the last holder lets go.
    ///
    /// - Parameters:
    ///   - values: The request's values, one per type.
    ///   - body: The work of the request.
    @inlinable
    public func withRequest<each Value: Sendable, Result>(
        providing values: repeat each Value,
        operation body: (RequestScope) throws -> Result
    ) rethrows -> Result {
        // Holding no container: the caller holds `self` for the call (see `endAndRecycle`).
        let request = RequestScope.begin(
            in: self, values: requestValues(repeat each values), holdingContainer: false)
        let result: Result
        do {
            result = try body(request)
        } catch {
            RequestScope.endAndRecycle(request, of: self)
            throw error
        }
        RequestScope.endAndRecycle(request, of: self)
        return result
    }

    /// Runs `body` in a new request scope, and ends the scope when it returns or throws: a
    /// server's handler, in one call. As the synchronous form, it reuses a scope that nothing
    /// kept for a later request.
    ///
    /// - Parameters:
    ///   - values: The request's values, one per type.
    ///   - isolation: The caller's isolation, which `body` runs in. Leave the default.
    ///   - body: The work of the request.
    @inlinable
    public func withRequest<each Value: Sendable, Result>(
        providing values: repeat each Value,
        isolation: isolated (any Actor)? = #isolation,
        operation body: (RequestScope) async throws -> Result
    ) async rethrows -> Result {
        // Holding no container: the caller holds `self` for the call (see `endAndRecycle`).
        let request = RequestScope.begin(
            in: self, values: requestValues(repeat each values), holdingContainer: false)
        let result: Result
        do {
            result = try await body(request)
        } catch {
            RequestScope.endAndRecycle(request, of: self)
            throw error
        }
        RequestScope.endAndRecycle(request, of: self)
        return result
    }

    /// Declares that each request scope provides a value of `type` (a request ID, the
    /// authenticated user): resolving it gives the value the scope began with. A service of any
    /// scope resolved in a request can depend on it; a singleton that keeps it is a captive
    /// dependency, which ``verify(samples:)`` reports. The value is the caller's: the scope
    /// reads it on each resolve and never disposes it.
    ///
    /// ```swift
    /// app.registerRequestValue(RequestID.self)
    /// let request = app.beginRequest(providing: RequestID("req-7"))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - file: The file of the declaration, which diagnostics name. Leave the default.
    ///   - line: The line of the declaration, which diagnostics name. Leave the default.
    @discardableResult
    public func registerRequestValue<Value: Sendable>(
        _ type: Value.Type,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<Value> {
        register(RegistryKey(Value.self, name: nil)) { slot in
            Entry<Value>(
                slot: slot,
                name: nil,
                scope: .request,
                argumentTypes: Void.self,
                location: SourceLocation(file: file, line: line),
                isRequestValue: true,
                building: .plain { resolver in try resolver.requestValue(Value.self) }
            )
        }
    }
}

extension Resolver {
    /// The request value of type `Value` that the resolution's request scope began with.
    func requestValue<Value>(_ type: Value.Type) throws(ResolutionError) -> Value {
        if let value = context.requestScope?.value(of: Value.self) { return value }
        let path = context.pathSteps
        guard let entry = context.innermost else {
            preconditionFailure("a request value was read outside its registration's factory")
        }
        throw Failure.missingRequestValue(entry, path: Array(path.dropLast()))
    }
}
