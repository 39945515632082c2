/// Checks the registrations read from a target as `verify()` checks a container: missing
/// dependencies (and arguments no registration takes), cycles of dependencies, and captive
/// dependencies. Where the syntax cannot settle something, it says so and does not guess.
struct GraphCheck {
    let registrations: [Registration]
    /// Why registrations may exist that the check cannot see; a missing dependency is then a
    /// warning, not an error.
    let openings: [(Site, String)]

    /// Registration indices by key; a bound type leads to the registration it converts.
    private var byKey: [ServiceKey: [Int]] = [:]

    init(registrations: [Registration], openings: [(Site, String)]) {
        self.registrations = registrations
        self.openings = openings
        for (index, registration) in registrations.enumerated() {
            guard let key = registration.key, registration.kind != .contribution else { continue }
            byKey[key, default: []].append(index)
            for bound in registration.boundTypes where bound != key.service {
                byKey[ServiceKey(service: bound, name: key.name, arguments: key.arguments), default: []].append(index)
            }
        }
    }

    func run() -> [Finding] {
        missing() + cycles() + captives()
    }

    // MARK: Missing dependencies

    private func missing() -> [Finding] {
        var findings: [Finding] = []
        for registration in registrations {
            var seen: Set<ServiceKey> = []
            for dependency in registration.dependencies {
                guard let key = dependency.key else { continue }
                guard byKey[key] == nil, !dependency.isOptional, seen.insert(key).inserted else { continue }
                findings.append(missing(key, by: registration))
            }
        }
        return findings
    }

    private func missing(_ key: ServiceKey, by registration: Registration) -> Finding {
        let candidates = registrations.filter { candidate in
            candidate.kind != .contribution
                && (candidate.service == key.service || candidate.boundTypes.contains(key.service))
        }
        let requester = registration.key?.step ?? registration.service
        let pathText = requester.map { " while resolving `\($0)`" } ?? ""
        let sameName = candidates.filter { $0.key?.name == key.name && $0.key?.arguments != key.arguments }
        let kind: Finding.Kind = sameName.isEmpty ? .missingDependency : .argumentMismatch
        var message: String
        let advice: String
        if kind == .argumentMismatch {
            message = "No registration of \(key.described) takes these arguments\(pathText)."
            advice =
                "pass the arguments the registration declares, in the same order and with the same types, or register a factory for \(key.argumentList)."
        } else {
            message = "No registration for \(key.described)\(pathText)."
            advice =
                candidates.isEmpty
                ? "register `\(key.service)` in this container or one of its parents before resolving it."
                : "resolve it under a name it is registered with, or register it under \(key.name.map { "name \"\($0)\"" } ?? "no name")."
        }
        if !candidates.isEmpty {
            message += " Registered instead: \(candidates.map(Self.nearMiss).joined(separator: "; "))."
        }
        message += " To fix, " + advice
        // Something the check cannot see may register it: say so, and do not fail the build.
        let unseen =
            unseenRegistrations(of: key.service)
        var severity = Finding.Severity.error
        if !unseen.isEmpty {
            severity = .warning
            message +=
                " (Not an error: it may be registered by \(unseen.joined(separator: ", ")), which the check cannot read.)"
        }
        return Finding(
            severity: severity, kind: kind, site: registration.site, message: message,
            subject: [key.step, key.argumentList])
    }

    /// Registrations that may provide `service` although their key is not known, and places where
    /// registrations are made that the check cannot read.
    private func unseenRegistrations(of service: String) -> [String] {
        var places = registrations.filter { registration in
            registration.key == nil
                && (registration.service == nil || registration.service == service
                    || registration.boundTypes.contains(service))
        }
        .map { "the registration at \($0.site)" }
        places += openings.map { "\($0.1) (\($0.0))" }
        return places
    }

    /// A registration as `verify()` lists a near miss.
    private static func nearMiss(_ registration: Registration) -> String {
        var parts = ["`\(registration.service ?? "?")`"]
        parts.append(registration.key?.name.map { "name: \"\($0)\"" } ?? "no name")
        if let arguments = registration.key?.arguments, !arguments.isEmpty {
            parts.append("arguments: (\(arguments.joined(separator: ", ")))")
        } else {
            parts.append("no arguments")
        }
        parts.append("scope: \(registration.scope?.description ?? "?")")
        return parts.joined(separator: ", ") + " at \(registration.site)"
    }

    // MARK: The graph of what builds what

    /// The registrations each registration builds while it is built, when that is known:
    /// the key has one registration. Async registrations are left out, as `verify()` leaves
    /// out async factories.
    private var edges: [[Int]] {
        registrations.indices.map { index in
            let registration = registrations[index]
            guard registration.key != nil, !registration.isAsync else { return [] }
            var targets: [Int] = []
            for dependency in registration.dependencies {
                guard let key = dependency.key, let found = byKey[key], found.count == 1,
                    !registrations[found[0]].isAsync, !targets.contains(found[0])
                else { continue }
                targets.append(found[0])
            }
            return targets
        }
    }

    // MARK: Cycles

    private func cycles() -> [Finding] {
        let edges = self.edges
        var findings: [Finding] = []
        for start in registrations.indices {
            guard let cycle = shortestCycle(from: start, edges: edges) else { continue }
            let steps = cycle.map { registrations[$0].key?.step ?? "?" }
            let path = steps + [steps[0]]
            let registration = registrations[start]
            let message =
                "Dependency cycle: \(path.joined(separator: " → ")). Registered at \(registration.site). "
                + "To fix, break the cycle: let one side receive the other after creation with "
                + "`.then { resolver, instance in … }`, or resolve it later through a stored `Resolver`."
            findings.append(
                Finding(
                    severity: .error, kind: .cycle, site: registration.site, message: message,
                    subject: steps.sorted()))
        }
        return findings
    }

    /// The shortest path from `start` back to itself, as the registrations on it.
    private func shortestCycle(from start: Int, edges: [[Int]]) -> [Int]? {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in edges[current] {
                if next == start {
                    var path = [current]
                    while let before = previous[path[0]] { path.insert(before, at: 0) }
                    return path
                }
                guard previous[next] == nil, next != start else { continue }
                previous[next] = current
                queue.append(next)
            }
        }
        return nil
    }

    // MARK: Captive dependencies

    /// Every held instance (`.singleton`, `.cached`) that keeps a shorter-lived one: directly,
    /// or through transient and graph services built for it. The rule of `verify()`.
    private func captives() -> [Finding] {
        let edges = self.edges
        var findings: [Finding] = []
        for (holderIndex, holder) in registrations.enumerated() {
            guard let holderScope = holder.scope, holderScope.isHeld, holder.key != nil, !holder.isAsync else {
                continue
            }
            var queue: [(index: Int, path: [Int])] = [(holderIndex, [holderIndex])]
            var visited: Set<Int> = [holderIndex]
            while !queue.isEmpty {
                let (index, path) = queue.removeFirst()
                for next in edges[index] {
                    guard visited.insert(next).inserted, let scope = registrations[next].scope else { continue }
                    let route = path + [next]
                    let direct = path.count == 1
                    if holderScope.outlives(scope) && (direct || scope.isHeld || scope == .weak) {
                        findings.append(
                            captive(holder: holder, holderScope: holderScope, dependency: registrations[next]))
                    }
                    if scope == .transient || scope == .graph { queue.append((next, route)) }
                }
            }
        }
        return findings
    }

    private func captive(holder: Registration, holderScope: ScopeKind, dependency: Registration) -> Finding {
        let holderType = holder.service ?? "?"
        let dependencyType = dependency.service ?? "?"
        let dependencyScope = dependency.scope?.description ?? "?"
        let message =
            "`\(holderType)` (\(holderScope)), registered at \(holder.site), keeps the `\(dependencyType)` "
            + "(\(dependencyScope)) it was built with, registered at \(dependency.site), for as long as it lives: "
            + "longer than \(dependencyScope) allows. To fix, give `\(dependencyType)` a scope that lives at least "
            + "as long, make `\(holderType)` shorter-lived, or resolve it when needed through a stored `Resolver`."
        return Finding(
            severity: .error, kind: .captiveDependency, site: holder.site, message: message,
            subject: [holder.key?.step ?? holderType, dependency.key?.step ?? dependencyType])
    }
}
