import KeystoneRules

/// Checks the registrations read from a target as `verify()` checks a container: missing
/// dependencies (and arguments no registration takes), cycles of dependencies, and captive
/// dependencies. Where the syntax cannot settle something, it says so and does not guess.
///
/// Each problem is reported where it is caused: a missing service at the resolve that asks for
/// it, a cycle once, at the resolve that closes it (its other members as notes), a captive at
/// the resolve that hands the holder its dependency.
struct GraphCheck {
    /// What the check knows of the target beyond its registrations.
    struct Context {
        /// Why registrations may exist that the check cannot see; a missing dependency is then
        /// a warning, not an error.
        var openings: [Opening] = []
        /// What the target declares: which types only it can name.
        var declarations = Declarations()
        /// Each child container's parent (nil: one the target does not show).
        var parents: [String: String?] = [:]
    }

    let registrations: [Registration]
    let context: Context
    var openings: [Opening] { context.openings }
    var declarations: Declarations { context.declarations }

    /// Registration indices by key; a bound type leads to the registration it converts.
    private var byKey: [ServiceKey: [Int]] = [:]
    /// Registrations whose key mentions a generic parameter: each provides every instantiation.
    private var patterns: [Int] = []

    init(registrations: [Registration], context: Context = Context()) {
        self.registrations = registrations
        self.context = context
        for (index, registration) in registrations.enumerated() {
            guard let key = registration.key, registration.kind != .contribution else { continue }
            if !registration.genericParameters.isEmpty {
                patterns.append(index)
                continue
            }
            byKey[key, default: []].append(index)
            for bound in registration.boundTypes where bound != key.service {
                byKey[ServiceKey(service: bound, name: key.name, arguments: key.arguments), default: []].append(index)
            }
        }
    }

    func run() -> [Finding] {
        let edges = self.edges
        return missing() + cycles(edges) + captives(edges)
    }

    /// The containers a registration's factory resolves from, nearest first: its own, then its
    /// parents. Nil when that is not known (a container the target does not show): any.
    private func lookupChain(of registration: Registration) -> [String]? {
        guard var container = registration.container else { return nil }
        var chain = [container]
        while let parent = context.parents[container] {
            guard let parent, !chain.contains(parent) else { return nil }
            chain.append(parent)
            container = parent
        }
        return chain
    }

    /// The registrations of `key` that `registration`'s factory may reach, nearest first: those
    /// of its container, then of its parents, then those whose container is not known. All of
    /// them when its own container is not known.
    private func providers(of key: ServiceKey, for registration: Registration) -> [[Int]] {
        let found = byKey[key] ?? []
        guard let chain = lookupChain(of: registration) else { return found.isEmpty ? [] : [found] }
        var levels = chain.map { container in found.filter { registrations[$0].container == container } }
        levels.append(found.filter { registrations[$0].container == nil })
        return levels.filter { !$0.isEmpty }
    }

    /// Whether some registration that `registration`'s factory can reach provides `key`: one of
    /// its own, or a generic one that covers it.
    private func isProvided(_ key: ServiceKey, for registration: Registration) -> Bool {
        if !providers(of: key, for: registration).isEmpty { return true }
        let chain = lookupChain(of: registration)
        return patterns.contains { index in
            if let chain, let container = registrations[index].container, !chain.contains(container) { return false }
            let registration = registrations[index]
            guard let pattern = registration.key else { return false }
            let generics = registration.genericParameters
            let services = [pattern.service] + registration.boundTypes
            return pattern.name == key.name && pattern.arguments.count == key.arguments.count
                && services.contains { TypePattern.matches($0, generics: generics, key.service) }
                && zip(pattern.arguments, key.arguments).allSatisfy {
                    TypePattern.matches($0, generics: generics, $1)
                }
        }
    }

    // MARK: Missing dependencies

    private func missing() -> [Finding] {
        var findings: [Finding] = []
        for registration in registrations {
            var seen: Set<ServiceKey> = []
            for dependency in registration.dependencies {
                guard let key = dependency.key, dependency.failure == .throws else { continue }
                guard !isProvided(key, for: registration), seen.insert(key).inserted else { continue }
                findings.append(missing(key, at: dependency.site, by: registration))
            }
        }
        return findings
    }

    private func missing(_ key: ServiceKey, at site: Site, by registration: Registration) -> Finding {
        // Near misses the factory could reach: of its own container and its parents, or anywhere
        // when that is not known.
        let chain = lookupChain(of: registration)
        let candidates = registrations.filter { candidate in
            candidate.kind != .contribution
                && (candidate.service == key.service || candidate.boundTypes.contains(key.service))
                && (chain == nil || candidate.container.map { chain!.contains($0) } ?? true)
        }
        let requester = registration.key?.step ?? registration.service.map(TypeSpelling.displayed)
        let pathText = ProblemText.whileResolving(requester.map { [$0] } ?? [])
        let sameName = candidates.filter { $0.key?.name == key.name && $0.key?.arguments != key.arguments }
        let kind: Finding.Kind = sameName.isEmpty ? .missingDependency : .argumentMismatch
        let summary: String
        let advice: String
        if kind == .argumentMismatch {
            summary = ProblemText.argumentMismatchSummary(key.described, whileResolving: pathText)
            advice = ProblemText.argumentMismatchAdvice(arguments: key.argumentList)
        } else {
            summary = ProblemText.missingSummary(key.described, whileResolving: pathText)
            advice = ProblemText.missingAdvice(
                service: key.displayedService, name: key.name.map { "\"\($0)\"" }, hasNearMisses: !candidates.isEmpty)
        }
        var message = ProblemText.message(summary: summary, nearMisses: candidates.map(Self.nearMiss), advice: advice)
        // Something the check cannot see may register it: say so, and do not fail the build.
        let unseen = unseenRegistrations(of: key.service)
        var severity = Finding.Severity.error
        if !unseen.isEmpty {
            severity = .warning
            message +=
                " (Not an error: it may be registered by \(unseen.joined(separator: ", ")), which the check cannot read.)"
        }
        return Finding(
            severity: severity, kind: kind, site: site, registration: registration.site, message: message,
            subject: [key.step, key.argumentList])
    }

    /// Registrations that may provide `service` although their key is not known, and places where
    /// registrations are made that the check cannot read. Code of another module can register a
    /// type only this target names only if the target hands it the type.
    private func unseenRegistrations(of service: String) -> [String] {
        let own = declarations.isOwn(service)
        let name = String(TypeSpelling.displayed(service).prefix { $0 != "<" })
        var places = registrations.filter { registration in
            registration.key == nil
                && (registration.service == nil || registration.service == service
                    || registration.boundTypes.contains(service))
        }
        .map { "the registration at \($0.site)" }
        places += openings.filter { !own || $0.mentions.contains(name) }.map { "\($0.reason) (\($0.site))" }
        return places
    }

    /// A registration as `verify()` lists a near miss.
    private static func nearMiss(_ registration: Registration) -> String {
        let arguments = registration.key?.arguments ?? []
        return ProblemText.nearMiss(
            service: registration.service.map(TypeSpelling.displayed) ?? "?",
            name: registration.key?.name.map { "\"\($0)\"" },
            arguments: arguments.isEmpty ? nil : "(\(arguments.map(TypeSpelling.displayed).joined(separator: ", ")))",
            scope: registration.scope?.description ?? "?", at: registration.site.description)
    }

    // MARK: The graph of what builds what

    /// One dependency the check can follow: the registration it builds, and the resolve.
    private struct Edge {
        let target: Int
        let dependency: Dependency
    }

    /// What each registration builds while it is built, in the order its factory asks, where
    /// that is known: the key has exactly one registration in the registration's own container
    /// (or, when the file does not make that container, in the target). Async registrations are left out, as
    /// `verify()` leaves out async factories, and so are resolves whose every failure is nil
    /// (`try?`): no failure, and so no cycle, comes out of them.
    private var edges: [[Edge]] {
        registrations.indices.map { index in
            let registration = registrations[index]
            guard registration.key != nil, !registration.isAsync else { return [] }
            var edges: [Edge] = []
            for dependency in registration.dependencies where dependency.failure != .swallowed {
                guard let key = dependency.key, let found = providers(of: key, for: registration).first,
                    found.count == 1, !registrations[found[0]].isAsync
                else { continue }
                edges.append(Edge(target: found[0], dependency: dependency))
            }
            return edges
        }
    }

    // MARK: Cycles

    /// Each cycle once, found as `verify()` finds it: every registration resolved as a root in
    /// the order it was made, depth first, each factory's resolves in order; a held instance
    /// built once is not built again, and the first failure ends a root.
    private func cycles(_ edges: [[Edge]]) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<Set<Int>> = []
        var built: Set<Int> = []

        enum Outcome { case built, failed }

        func build(_ index: Int, stack: inout [(index: Int, via: Dependency?)]) -> Outcome {
            if let start = stack.firstIndex(where: { $0.index == index }) {
                let members = stack[start...].map(\.index)
                if reported.insert(Set(members)).inserted {
                    findings.append(cycle(path: stack.map(\.index) + [index], members: members, closing: stack))
                }
                return .failed
            }
            if built.contains(index) { return .built }
            let registration = registrations[index]
            stack.append((index, nil))
            defer { stack.removeLast() }
            for dependency in registration.dependencies where dependency.failure != .swallowed {
                guard let key = dependency.key else { continue }
                guard let edge = edges[index].first(where: { $0.dependency.site == dependency.site }) else {
                    // Missing: `verify()`'s resolution fails here, unless it answers nil.
                    if dependency.failure == .throws, !isProvided(key, for: registration) { return .failed }
                    continue
                }
                stack[stack.count - 1].via = dependency
                if build(edge.target, stack: &stack) == .failed { return .failed }
            }
            if registration.scope?.isHeld == true { built.insert(index) }
            return .built
        }

        for root in registrations.indices where registrations[root].key != nil && !registrations[root].isAsync {
            var stack: [(index: Int, via: Dependency?)] = []
            _ = build(root, stack: &stack)
        }
        return findings
    }

    /// The error for a cycle found along `path` (ending where it began), at the resolve that
    /// closed it; its other members as notes.
    private func cycle(path: [Int], members: [Int], closing stack: [(index: Int, via: Dependency?)]) -> Finding {
        let steps = path.map { registrations[$0].key?.step ?? "?" }
        let repeated = registrations[path[path.count - 1]]
        let closingResolve = stack.last?.via?.site ?? repeated.site
        let message = ProblemText.message(
            summary: ProblemText.cycleSummary(steps), registeredAt: repeated.site.description,
            advice: ProblemText.cycleAdvice)
        let notes = members.dropLast().map { member in
            Finding.Note(
                site: registrations[member].site,
                message: "`\(registrations[member].key?.step ?? "?")`, part of this cycle, is registered here.")
        }
        return Finding(
            severity: .error, kind: .cycle, site: closingResolve, registration: repeated.site, message: message,
            subject: members.map { registrations[$0].key?.step ?? "?" }.sorted(), notes: notes)
    }

    // MARK: Captive dependencies

    /// Every held instance (`.singleton`, `.cached`) that keeps a shorter-lived one: directly,
    /// or through transient and graph services built for it. The rule of `verify()`.
    private func captives(_ edges: [[Edge]]) -> [Finding] {
        var findings: [Finding] = []
        for (holderIndex, holder) in registrations.enumerated() {
            guard let holderScope = holder.scope, holderScope.isHeld, holder.key != nil, !holder.isAsync else {
                continue
            }
            // Breadth first; each entry remembers the holder's own resolve that led to it.
            var queue: [(index: Int, first: Dependency?)] = [(holderIndex, nil)]
            var visited: Set<Int> = [holderIndex]
            while !queue.isEmpty {
                let (index, first) = queue.removeFirst()
                for edge in edges[index] {
                    guard visited.insert(edge.target).inserted, let scope = registrations[edge.target].scope else {
                        continue
                    }
                    let direct = first == nil
                    if holderScope.keepsCaptive(scope, directly: direct) {
                        findings.append(
                            captive(
                                holder: holder, holderScope: holderScope, dependency: registrations[edge.target],
                                at: (first ?? edge.dependency).site))
                    }
                    if scope.isMadeForItsHolder { queue.append((edge.target, first ?? edge.dependency)) }
                }
            }
        }
        return findings
    }

    private func captive(holder: Registration, holderScope: Lifetime, dependency: Registration, at site: Site)
        -> Finding
    {
        let holderType = holder.service.map(TypeSpelling.displayed) ?? "?"
        let dependencyType = dependency.service.map(TypeSpelling.displayed) ?? "?"
        let message = ProblemText.captive(
            holder: holderType, holderScope: holderScope.description, holderSite: holder.site.description,
            dependency: dependencyType, dependencyScope: dependency.scope?.description ?? "?",
            dependencySite: dependency.site.description)
        return Finding(
            severity: .error, kind: .captiveDependency, site: site, registration: holder.site, message: message,
            subject: [holder.key?.step ?? holderType, dependency.key?.step ?? dependencyType])
    }
}

/// Matches a type spelled with generic parameters (`Repository<E>`) against a concrete one
/// (`Repository<Article>`): each parameter stands for one whole type, the same each time.
enum TypePattern {
    static func matches(_ pattern: String, generics: Set<String>, _ type: String) -> Bool {
        if generics.isEmpty { return pattern == type }
        let patternTokens = tokens(pattern)
        let typeTokens = tokens(type)
        var bindings: [String: ArraySlice<String>] = [:]
        var p = 0
        var t = 0
        while p < patternTokens.count {
            let token = patternTokens[p]
            if generics.contains(token) {
                guard let end = typeEnd(typeTokens, from: t) else { return false }
                let bound = typeTokens[t..<end]
                if let earlier = bindings[token], earlier != bound { return false }
                bindings[token] = bound
                t = end
            } else {
                guard t < typeTokens.count, typeTokens[t] == token else { return false }
                t += 1
            }
            p += 1
        }
        return t == typeTokens.count
    }

    /// Names, and each bracket, comma and dot on its own.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var name = ""
        for character in text where !character.isWhitespace {
            if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
            } else {
                if !name.isEmpty { tokens.append(name) }
                name = ""
                tokens.append(String(character))
            }
        }
        if !name.isEmpty { tokens.append(name) }
        return tokens
    }

    /// Where the type that starts at `start` ends: a dotted name with its generic arguments, or
    /// a parenthesised tuple.
    private static func typeEnd(_ tokens: [String], from start: Int) -> Int? {
        var index = start
        var depth = 0
        repeat {
            guard index < tokens.count else { return nil }
            switch tokens[index] {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case ",": if depth == 0 { return index }
            default: break
            }
            if depth < 0 { return index }
            index += 1
            if depth == 0, tokens[index - 1] != ".",
                index == tokens.count || !["<", "."].contains(tokens[index])
            {
                return index
            }
        } while true
    }
}
