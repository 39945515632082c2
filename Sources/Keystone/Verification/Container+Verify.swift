import KeystoneRules

/// Checking the whole graph before the app runs.
extension Container {
    /// Builds every registration of this container in a throw-away copy and reports every
    /// problem: missing dependencies, cycles, captive dependencies, throwing factories, failing
    /// conversions, `.weak` value types and keys registered twice.
    ///
    /// Call it in a test, so that a missing registration fails the build instead of a screen:
    ///
    /// ```swift
    /// @Test func theGraphIsComplete() throws {
    ///     try makeContainer().verify().requireValid()
    /// }
    /// ```
    ///
    /// ## What verification runs
    ///
    /// It calls your factories and after-creation hooks, each registration as the root of its
    /// own resolution, in a copy of the container (and of its parents) that holds no instance:
    /// the container's own singletons, caches and disposal order are untouched, and nothing
    /// verification builds is handed to your app. Instances it built are disposed (with their
    /// `onDispose` hooks) when it ends. A factory that resolves through its ``Resolver``, or from
    /// the verified container itself (captured, or ``Container/shared`` bound to it), is checked
    /// in the copy.
    ///
    /// Factories run on a thread of verification's own while the caller waits (main-actor
    /// registrations on the caller's thread, when it is the main actor). One of Keystone's
    /// traps that a factory reaches — a trapping `resolve` of a missing service, a property
    /// wrapper that cannot resolve — is reported as a problem of its registration instead of
    /// ending the process; what that factory does after it is listed as not checked.
    ///
    /// A factory with side effects (opening a camera, sending a request) can be kept out with
    /// ``Registration/skipVerification(because:)`` or replaced by a stand-in with
    /// ``Registration/verify(because:standIn:)``. Registrations that take runtime arguments
    /// are checked with the sample arguments in `samples`, and listed as not checked without.
    ///
    /// - Parameter samples: Sample runtime arguments for registrations that take them.
    /// - Returns: The report; ``VerificationReport/isValid`` when there is no problem.
    public func verify(samples: VerificationSamples = VerificationSamples()) -> VerificationReport {
        let run = VerificationRun(of: self, samples: samples)
        if isDisposed {
            run.findings.add(
                VerificationReport.Problem(
                    kind: .disposed,
                    path: [],
                    message: "The container was disposed: it has no registrations left to verify.",
                    error: nil,
                    registeredAt: nil
                ),
                involving: []
            )
        }

        // Factories run on a thread of verification's own, so that a trap one reaches stops
        // that thread instead of this process (see `VerificationThread`); this thread waits. The
        // test trait's task-local container goes with them.
        let bound = Container.bound
        while run.hasRootsLeft {
            let outcome = VerificationThread.run(for: run.observer) {
                Container.$bound.withValue(bound) { run.checkRoots() }
            }
            switch outcome {
            case .finished: break
            case .trapped(let trapped): run.stoppedAtTrap(trapped)
            case .crashed(let crashed): run.stoppedAtCrash(crashed)
            }
        }
        // Main-actor registrations, and what depends on one, are built here, on the main
        // actor, where a trap is not caught.
        run.checkDeferredRoots()

        for replacement in lifecycle.replacementsSoFar {
            let what = Failure.describe(
                service: replacement.service,
                name: replacement.name,
                arguments: replacement.argumentTypes
            )
            let again = replacement.count == 1 ? "again" : "\(replacement.count) more times, last"
            run.findings.add(
                VerificationReport.Problem(
                    kind: .duplicateRegistration,
                    path: [Failure.step(service: replacement.service, name: replacement.name)],
                    message:
                        "\(what) is registered at \(replacement.first) and \(again) at \(replacement.second); the later one silently replaced the earlier. To fix, remove one, register one under another name, or override in a child container.",
                    error: nil,
                    registeredAt: replacement.second.description
                ),
                involving: [Failure.step(service: replacement.service, name: replacement.name)]
            )
        }

        // Failures nothing could throw (an `@Injected` property of a factory's product) and lazy
        // dependencies nothing provides: problems of the registration whose factory ran.
        for failure in run.observer.swallowedFailures {
            guard let requester = failure.requester else { continue }
            run.findings.record(failure.error, root: requester, requester: requester)
        }

        // Only the shadow in use: one given up to a parked thread is never disposed, since the
        // builds in progress on that thread would never end.
        run.request.end()
        run.shadow.dispose()
        let snapshot = run.observer.snapshot
        // What is resolved later is never built with its holder: no captive through it.
        let captives = Self.captiveDependencies(
            nodes: snapshot.nodes.map(\.node), edges: snapshot.edges.filter { !$0.isLazy })
        for captive in captives {
            run.findings.add(captive.problem, involving: captive.problem.path)
        }
        return VerificationReport(
            problems: run.findings.problems,
            unchecked: run.findings.unchecked.map(\.item),
            registrationCount: run.roots.count,
            graph: Self.graph(
                snapshot,
                problemSteps: run.findings.problemSteps,
                problemEdges: Set(captives.flatMap(\.edges)),
                unchecked: Set(run.findings.unchecked.map(\.entry))
            )
        )
    }
}

/// One run of ``Container/verify(samples:)``: the copies it builds in, what it saw, what it
/// found, and the registrations it has still to check.
///
/// `@unchecked Sendable`: one thread at a time touches it — a ``VerificationThread`` while the
/// caller waits for it, the caller once that thread has finished or parked — handed over
/// through the verification thread's lock, which orders everything the thread did before the
/// caller reads it. (The observer has a lock of its own: a factory may resolve on yet another
/// thread.)
private final class VerificationRun: @unchecked Sendable {
    let original: Container
    let samples: VerificationSamples
    let observer: VerificationObserver
    /// The copy that registrations are built in now: a fresh one after a factory reached a
    /// trap, since the thread it parked holds the claims of the builds it had in progress.
    private(set) var shadow: Container
    /// The request scope every root is resolved in, over `shadow`, with the sample request
    /// values: so that `.request` services are built and checked like the others.
    private(set) var request: RequestScope
    /// Every registration of the verified container, as the first copy has them.
    let roots: [AnyEntry]
    private var next = 0
    /// The root being checked, and where it was checked from.
    private var current: AnyEntry?
    var findings = Findings()
    /// Whether `verify()` was called on the main actor, where main-actor registrations can be
    /// built (the verification thread cannot).
    private let callerIsOnMainActor = MainActorContext.isCurrent
    /// Roots that need the main actor, checked on the caller's thread at the end.
    private var deferred: [AnyEntry] = []

    init(of original: Container, samples: VerificationSamples) {
        self.original = original
        self.samples = samples
        shadow = Container(copying: original, forVerification: true)
        request = RequestScope(container: shadow, values: samples.requestValues)
        observer = VerificationObserver(chain: Self.chain(from: shadow), originals: Self.chain(from: original))
        roots = shadow.registry.allSlots.compactMap { slot in slot.lock.withLock { slot.entry } }
    }

    /// `container` and its parents, nearest first.
    private static func chain(from container: Container) -> [Container] {
        var chain: [Container] = []
        var current: Container? = container
        while let container = current {
            chain.append(container)
            current = container.parent
        }
        return chain
    }

    var hasRootsLeft: Bool { next < roots.count }

    /// Checks the roots left, in order.
    func checkRoots() {
        while next < roots.count {
            let root = roots[next]
            next += 1
            current = root
            check(root, onCallersThread: false)
            current = nil
        }
    }

    /// Checks the roots that need the main actor, on the caller's thread.
    func checkDeferredRoots() {
        for root in deferred { check(root, onCallersThread: true) }
        deferred = []
    }

    /// Records the trap that the check of the current root reached, and goes on in fresh
    /// copies of the containers.
    func stoppedAtTrap(_ trapped: VerificationThread.Trapped) {
        guard let root = current else { return }
        current = nil
        let requester = trapped.requester.map(observer.canonicalEntry)
        findings.record(trapped.error, root: root, requester: requester)
        findings.notChecked(
            requester ?? root,
            reason:
                "its factory reached a trap at \(trapped.location) (a trapping resolve or a property wrapper that could not resolve); what it does after that is not checked."
        )
        startAfresh()
    }

    /// Goes on in fresh copies of the containers: the ones in use are given up to a parked
    /// thread, whose builds in progress would never end.
    private func startAfresh() {
        shadow = Container(copying: original, forVerification: true)
        request = RequestScope(container: shadow, values: samples.requestValues)
        observer.replaceShadows(with: Self.chain(from: shadow))
    }

    /// Files the crash of a factory that ran on verification's thread (see
    /// ``VerificationCrashes``): a problem of the registration whose factory was running, which
    /// is not checked past it; verification goes on in fresh copies.
    func stoppedAtCrash(_ crashed: VerificationThread.Crashed) {
        guard let root = current else { return }
        current = nil
        let context = crashed.context
        let crashing = (context.requester ?? root)
        let entry = observer.canonicalEntry(crashing)
        let what = Failure.describe(service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes)
        let path = context.pathSteps
        let signal = VerificationCrashes.name(of: crashed.signal)
        findings.add(
            VerificationReport.Problem(
                kind: .factoryCrashed,
                path: path.isEmpty ? [Failure.step(service: entry.serviceType, name: entry.name)] : path,
                message:
                    "The factory of \(what) (registered at \(entry.location)) crashed with \(signal): \(VerificationCrashes.meaning(of: crashed.signal)). The runtime's message is on standard error. To fix, make the factory throw instead of trapping, or keep it out of verification with `skipVerification(because:)` or `verify(because:standIn:)`.",
                error: nil,
                registeredAt: entry.location.description
            ),
            involving: path
        )
        findings.notChecked(entry, reason: "its factory crashed (\(signal)); what it does after that is not checked.")
        startAfresh()
    }

    private func check(_ root: AnyEntry, onCallersThread: Bool) {
        // The current shadow's copy of the root (the first shadow's own, until a trap).
        let copy = shadow.registry.slot(for: root.key).flatMap { slot in slot.lock.withLock { slot.entry } } ?? root
        observer.include(root, depth: 0)
        do throws(ResolutionError) {
            if root.argumentTypes == Void.self {
                try copy.resolveAsRoot(in: shadow, observer: observer, requestScope: request)
            } else if let check = samples.checks[root.key] {
                try Container.run(check, in: shadow, observer: observer, request: request)
            } else {
                findings.notChecked(
                    root,
                    reason:
                        "takes runtime arguments \(Failure.argumentList(root.argumentTypes)); give sample arguments with `VerificationSamples.add` to check it."
                )
                return
            }
            if case .standIn(let reason) = root.verification {
                findings.notChecked(
                    root,
                    reason:
                        "verified with a stand-in (\(reason)): its own factory and what it resolves are not checked."
                )
            }
        } catch {
            if error.kind == .mainActorOnly && callerIsOnMainActor && !onCallersThread {
                deferred.append(root)
                return
            }
            findings.record(error, root: root, requester: observer.requesterOfLatestResolve)
        }
    }
}

extension Container {
    /// Runs a sample check; it throws only the `ResolutionError`s of the resolve it makes.
    fileprivate static func run(
        _ check: VerificationSamples.Check,
        in shadow: Container,
        observer: VerificationObserver,
        request: RequestScope
    ) throws(ResolutionError) {
        do {
            try check(shadow, observer, request)
        } catch let error as ResolutionError {
            throw error
        } catch {
            preconditionFailure("a sample check threw \(error), which is not a ResolutionError")
        }
    }
}

// MARK: - Collecting findings

/// The problems and unchecked registrations found so far, without repeats: a missing service
/// needed by ten registrations is one problem.
private struct Findings {
    var problems: [VerificationReport.Problem] = []
    var unchecked: [(entry: ObjectIdentifier, item: VerificationReport.Unchecked)] = []
    /// The path steps of every problem, to mark the graph's nodes.
    var problemSteps: Set<String> = []
    private var seen: Set<String> = []

    mutating func add(_ problem: VerificationReport.Problem, involving steps: [String], key: String? = nil) {
        let key = key ?? "\(problem.kind)|\(problem.path.joined(separator: "|"))|\(problem.message)"
        guard seen.insert(key).inserted else { return }
        problems.append(problem)
        problemSteps.formUnion(steps)
    }

    mutating func notChecked(_ entry: AnyEntry, reason: String) {
        let item = VerificationReport.Unchecked(
            registration: Failure.describe(
                service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes),
            registeredAt: entry.location.description,
            reason: reason
        )
        unchecked.append((ObjectIdentifier(entry), item))
    }

    /// Files the error that resolving `root` ended with; `requester` made the resolve that
    /// failed (nil: `root` itself was asked for).
    mutating func record(_ error: ResolutionError, root: AnyEntry, requester: AnyEntry?) {
        if let skipped = error.underlying as? VerificationSkipped {
            if case .skip = root.verification, error.path.count <= 1 {
                notChecked(
                    root, reason: "skipped (\(skipped.reason)): its factory and what it resolves are not checked.")
            } else {
                notChecked(root, reason: "not checked past \(skipped): what it resolves after that is not checked.")
            }
            return
        }
        if error.kind == .asyncOnly && error.path.count <= 1 {
            notChecked(root, reason: "has an async factory, which `verify()` does not run.")
            return
        }
        if error.kind == .missingRequestValue {
            let value = error.path.last ?? error.service
            notChecked(
                root,
                reason:
                    "needs the request value `\(value)`, which each request scope provides; give a sample with `VerificationSamples.provide(_:)` to check it."
            )
            return
        }
        if error.kind == .mainActorOnly {
            // Not a fault of the graph: main-actor registrations are built only on the main
            // thread, and this verification runs elsewhere.
            let subject =
                error.path.count <= 1
                ? "is a main-actor registration"
                : "depends on the main-actor registration `\(error.path.last ?? error.service)`"
            notChecked(
                root,
                reason:
                    "\(subject), which `verify()` builds only when called on the main actor; call it from `@MainActor` code (a `@MainActor` test) to check it."
            )
            return
        }
        let kind: VerificationReport.Problem.Kind
        var key: String
        switch error.kind {
        case .asyncOnly:
            kind = .asyncDependency
            key = "async|\(error.service)|\(error.name ?? "")|\(error.argumentTypes ?? "")"
        case .notRegistered:
            kind = .missingDependency
            key = "missing|\(error.service)|\(error.name ?? "")|\(error.argumentTypes ?? "")"
        case .argumentMismatch:
            kind = .argumentMismatch
            key = "arguments|\(error.service)|\(error.name ?? "")|\(error.argumentTypes ?? "")"
        case .cycle:
            kind = .cycle
            key = "cycle|" + Self.cycleMembers(error.path).sorted().joined(separator: "|")
        case .factoryFailed:
            kind = .factoryFailed
            key = "factory|\(error.service)|\(error.registeredAt ?? "")"
        case .conversionFailed:
            kind = .conversionFailed
            key = "conversion|\(error.registeredAt ?? "")"
        case .weakValueType:
            kind = .weakValueType
            key = "weak|\(error.registeredAt ?? "")"
        default:
            kind = .disposed
            key = "other|\(error.kind)"
        }
        let steps = kind == .cycle ? Self.cycleMembers(error.path) : error.path
        // A missing service, wrong arguments or an async dependency is the fault of the
        // registration that asked; the rest, of the registration that failed.
        let asked = kind.blamesTheAsker
        let blamed =
            asked ? (requester ?? root).location.description : (error.registeredAt ?? root.location.description)
        add(
            VerificationReport.Problem(
                kind: kind, path: error.path, message: error.description, error: error, registeredAt: blamed),
            involving: kind == .missingDependency || kind == .argumentMismatch ? Array(steps.dropLast()) : steps,
            key: key
        )
    }

    /// The services of the cycle at the end of `path`: from the first step equal to the last.
    static func cycleMembers(_ path: [String]) -> [String] {
        guard let last = path.last, let start = path.firstIndex(of: last) else { return path }
        return Array(path[start..<(path.count - 1)])
    }
}

// MARK: - Captive dependencies

extension Container {
    /// A captive dependency found in the observed graph, and the edges that show it.
    fileprivate struct Captive {
        let problem: VerificationReport.Problem
        let edges: [VerificationObserver.Edge]
    }

    /// Finds every held instance (`.singleton`, `.cached`) that keeps a shorter-lived one:
    /// directly, or through transient and graph services built for it.
    fileprivate static func captiveDependencies(
        nodes: [VerificationObserver.Node],
        edges: [VerificationObserver.Edge]
    ) -> [Captive] {
        var byID: [ObjectIdentifier: AnyEntry] = [:]
        for node in nodes { byID[ObjectIdentifier(node.entry)] = node.entry }
        var outgoing: [ObjectIdentifier: [ObjectIdentifier]] = [:]
        for edge in edges { outgoing[edge.from, default: []].append(edge.to) }

        /// A bound type stands for the registration it converts.
        func target(of id: ObjectIdentifier) -> ObjectIdentifier {
            var current = id
            var steps = 0
            while let entry = byID[current], let key = entry.boundTo, steps < 100,
                let next = outgoing[current]?.first(where: { byID[$0]?.key == key })
            {
                current = next
                steps += 1
            }
            return current
        }

        var found: [Captive] = []
        for holderNode in nodes where holderNode.entry.boundTo == nil && holderNode.entry.scope.isHeld {
            let holder = holderNode.entry
            let holderID = ObjectIdentifier(holder)
            // Breadth-first through what is built for the holder and not kept elsewhere.
            var queue: [(id: ObjectIdentifier, path: [ObjectIdentifier])] = [(holderID, [holderID])]
            var visited: Set<ObjectIdentifier> = [holderID]
            while !queue.isEmpty {
                let (id, path) = queue.removeFirst()
                for next in outgoing[id] ?? [] {
                    let resolved = target(of: next)
                    guard visited.insert(resolved).inserted, let dependency = byID[resolved] else { continue }
                    let route = path + (next == resolved ? [resolved] : [next, resolved])
                    let direct = path.count == 1
                    if holder.scope.kind.keepsCaptive(dependency.scope.kind, directly: direct) {
                        found.append(captive(holder: holder, dependency: dependency, route: route, entries: byID))
                    }
                    if dependency.scope.kind.isMadeForItsHolder {
                        queue.append((resolved, route))
                    }
                }
            }
        }
        return found
    }

    private static func captive(
        holder: AnyEntry,
        dependency: AnyEntry,
        route: [ObjectIdentifier],
        entries: [ObjectIdentifier: AnyEntry]
    ) -> Captive {
        let steps = route.compactMap { entries[$0].map(Failure.step) }
        var edges: [VerificationObserver.Edge] = []
        for index in route.indices.dropLast() {
            edges.append(VerificationObserver.Edge(from: route[index], to: route[index + 1]))
        }
        let message = ProblemText.captive(
            holder: Failure.typeName(holder.serviceType), holderScope: holder.scope.description,
            holderSite: holder.location.description, dependency: Failure.typeName(dependency.serviceType),
            dependencyScope: dependency.scope.description, dependencySite: dependency.location.description)
        return Captive(
            problem: VerificationReport.Problem(
                kind: .captiveDependency, path: steps, message: message, error: nil,
                registeredAt: holder.location.description),
            edges: edges
        )
    }
}

// MARK: - The graph

extension Container {
    fileprivate static func graph(
        _ snapshot: (
            nodes: [(id: ObjectIdentifier, node: VerificationObserver.Node)],
            edges: [VerificationObserver.Edge],
            missing: [VerificationObserver.Missing]
        ),
        problemSteps: Set<String>,
        problemEdges: Set<VerificationObserver.Edge>,
        unchecked: Set<ObjectIdentifier>
    ) -> DependencyGraph {
        var numbers: [ObjectIdentifier: Int] = [:]
        for (index, item) in snapshot.nodes.enumerated() { numbers[item.id] = index }
        var keyNumbers: [RegistryKey: Int] = [:]
        for (index, item) in snapshot.nodes.enumerated() where keyNumbers[item.node.entry.key] == nil {
            keyNumbers[item.node.entry.key] = index
        }
        var nodes: [DependencyGraph.Node] = snapshot.nodes.enumerated().map { index, item in
            let entry = item.node.entry
            let boundTo = entry.boundTo.flatMap { keyNumbers[$0] }
            return DependencyGraph.Node(
                id: index,
                service: Failure.typeName(entry.serviceType),
                name: entry.name?.rawValue,
                argumentTypes: entry.argumentTypes == Void.self ? nil : Failure.argumentList(entry.argumentTypes),
                // A bound type shares the scope of the registration it converts.
                scope: boundTo.map { snapshot.nodes[$0].node.entry.scope } ?? entry.scope,
                registeredAt: entry.location.description,
                containerDepth: item.node.depth,
                boundTo: boundTo,
                hasProblem: problemSteps.contains(Failure.step(entry)),
                isUnchecked: unchecked.contains(item.id),
                isAsync: entry.isAsync,
                isMainActor: entry.isMainActor
            )
        }
        var edges = snapshot.edges.compactMap { edge -> DependencyGraph.Edge? in
            guard let from = numbers[edge.from], let to = numbers[edge.to] else { return nil }
            let cycle = nodes[from].hasProblem && nodes[to].hasProblem && problemSteps.contains(nodes[to].label)
            return DependencyGraph.Edge(
                from: from, to: to, isProblem: problemEdges.contains(edge) || cycle, isLazy: edge.isLazy)
        }
        for missing in snapshot.missing {
            let id = nodes.count
            nodes.append(
                DependencyGraph.Node(
                    id: id,
                    service: missing.serviceName,
                    name: missing.name?.rawValue,
                    argumentTypes: missing.argumentTypes,
                    scope: nil,
                    registeredAt: nil,
                    containerDepth: 0,
                    boundTo: nil,
                    hasProblem: true,
                    isUnchecked: false,
                    isAsync: false,
                    isMainActor: false
                )
            )
            if let from = missing.from.flatMap({ numbers[$0] }) {
                edges.append(DependencyGraph.Edge(from: from, to: id, isProblem: true, isLazy: missing.isLazy))
            }
        }
        return DependencyGraph(nodes: nodes, edges: edges)
    }
}
